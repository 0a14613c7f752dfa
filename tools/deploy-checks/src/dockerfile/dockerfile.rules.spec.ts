import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../test-support/repo-paths';
import { lintDockerfile } from './dockerfile.rules';

describe('Dockerfile rules', () => {
  it('find nothing wrong with docker/Dockerfile', () => {
    expect(lintDockerfile(readFileSync(join(REPO_ROOT, 'docker', 'Dockerfile'), 'utf8'))).toEqual([]);
  });

  it('flag the classic mistakes, each with its line', () => {
    const bad = [
      'FROM node:latest AS build', // 1
      'ADD . /src', // 2
      'RUN apt-get update && apt-get install -y curl', // 3
      'RUN npm install', // 4
      'ENV API_KEY=abc', // 5
      'FROM node', // 6
      'CMD node dist/main.js', // 7
      'HEALTHCHECK CMD curl -f http://localhost:3000/healthz', // 8
    ].join('\n');
    const rules = lintDockerfile(bad).map((p) => `${p.line} ${p.rule}`);
    expect(rules).toEqual([
      '1 DL3007',
      '2 DL3020',
      '3 DL3015',
      '3 DL3009',
      '4 CS008',
      '5 CS007',
      '6 DL3006',
      '6 DL3002',
      '7 DL3025',
      '8 CS006',
    ]);
  });

  it('flag a named or root USER and a CMD that runs before USER', () => {
    expect(lintDockerfile('FROM node:24-bookworm-slim\nUSER node\nCMD ["node", "x.js"]\n').map((p) => p.rule)).toEqual(['CS003']);
    expect(lintDockerfile('FROM node:24-bookworm-slim\nUSER 0\nCMD ["node", "x.js"]\n').map((p) => p.rule)).toEqual(['DL3002']);
    expect(lintDockerfile('FROM node:24-bookworm-slim\nCMD ["node", "x.js"]\nUSER 1000\n').map((p) => p.rule)).toEqual(['CS004']);
  });

  it('reports syntax errors from the Dockerfile parser', () => {
    const problems = lintDockerfile('FROM node:24-bookworm-slim\nUSER 1000\nCOPYY a b\nCMD ["node"]\n');
    expect(problems.map((p) => `${p.line} ${p.rule}`)).toEqual(['3 syntax']);
  });
});
