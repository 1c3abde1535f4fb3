// The French sentences of the spec, one file per area; each area adds its export line here.
export * from './core';
export * from './activities';
export * from './appearance';
export * from './booklet';
export * from './people';
export * from './imports';
export * from './emails';
export * from './validation';
export * from './notifications';
export * from './services';
export * from './inventories';
export * from './reviews';
export * from './deposits';
export * from './statistics';
export * from './chat';
export * from './backups';
export * from './today';
