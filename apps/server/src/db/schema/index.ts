export * from './core';
export * from './appearance';
export * from './activities';
export * from './booklet';
