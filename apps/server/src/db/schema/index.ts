export * from './core';
export * from './activities';
export * from './appearance';
export * from './booklet';
