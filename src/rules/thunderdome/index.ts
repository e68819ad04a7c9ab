export * from './state.ts';
export * from './events.ts';
export * from './apply.ts';
export * from './decide.ts';
export * from './settings.ts';
export * from './calendar.ts';
export * from './empires.ts';
export * from './setup.ts';
