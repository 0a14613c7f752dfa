export * from './transcript/render-transcript';
export * from './language/detect-language';
export * from './uploads/upload-kind';
export * from './uploads/upload-limits';
export * from './uploads/sniff-upload';
export * from './uploads/extract-text';
export * from './summary/summarizer.port';
export * from './summary/extractive.summarizer';
