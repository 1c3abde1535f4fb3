export * from './contract';
export * from './messages';
export * from './i18n';
export * from './domain';
