export * from './test-app';
export * from './test-stack';
export * from './polling';
export * from './oauth-stack';
export * from './api-stack';
export * from './key-holder';
export * from './browser-hooks';
export * from './metadata-document-server';
