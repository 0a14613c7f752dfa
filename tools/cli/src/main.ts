#!/usr/bin/env node
import { runCli } from './cli.runner';

/** Operator CLI entry: `node tools/cli/dist/main.js <verb> [flags] [--json]` (docs/operations.md "Operator CLI"; `npm run cli` wraps it). */
void runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
}).then((code) => {
  // exitCode rather than exit(): lets stdout drain when it is a pipe.
  process.exitCode = code;
});
