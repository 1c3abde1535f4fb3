export * from './zoned';
export * from './dates';
export * from './schedule';
export * from './slug';
export * from './csv';
export * from './section-fields';
export * from './translations';
