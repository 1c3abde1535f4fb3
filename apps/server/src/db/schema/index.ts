export * from './core';
export * from './appearance';
