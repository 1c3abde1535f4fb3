export * from './languages';
export * from './routes';
