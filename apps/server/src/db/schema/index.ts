export * from './core';
export * from './activities';
export * from './appearance';
export * from './booklet';
export * from './people';
export * from './jobs';
export * from './emails';
