export * from './languages';
export * from './names';
