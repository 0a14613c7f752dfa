export * from './signing-keys';
export * from './client-registration';
export * from './revocation';
