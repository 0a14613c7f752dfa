export * from './meetings';
export * from './transcript';
