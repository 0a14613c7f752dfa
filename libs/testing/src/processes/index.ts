export * from './app-process';
export * from './free-port';
export * from './metrics-url';
