export * from './app-process';
export * from './free-port';
