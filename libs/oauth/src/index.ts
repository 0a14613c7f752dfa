export * from './signing-keys';
export * from './client-registration';
export * from './revocation';
export * from './offline-access';
export * from './clients';
export * from './connections';
export * from './oidc-model-store';
