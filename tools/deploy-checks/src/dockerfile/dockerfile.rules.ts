import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { validate as validateSyntax } from 'dockerfile-utils';

/**
 * Static checks of a Dockerfile, for a machine without a Docker engine or hadolint (a Haskell binary that
 * neither npm nor Debian ships usably). Syntax comes from dockerfile-utils (the validator behind the VS Code
 * Docker language server); the rules are a focused subset of hadolint's (DL codes noted) plus ours.
 */
export interface DockerfileProblem {
  line: number;
  rule: string;
  message: string;
}

const SECRET_NAME = /(SECRET|PASSWORD|PASSWD|TOKEN|API_KEY|PRIVATE_KEY|CREDENTIAL|DATABASE_URL|REDIS_URL)/i;

export function lintDockerfile(content: string): DockerfileProblem[] {
  const problems: DockerfileProblem[] = [];
  const add = (instruction: Instruction | null, rule: string, message: string) =>
    problems.push({ line: instruction ? instruction.getRange().start.line + 1 : 1, rule, message });

  for (const diagnostic of validateSyntax(content)) {
    // Severity 1 is an error in the LSP's DiagnosticSeverity.
    if (diagnostic.severity === 1) problems.push({ line: diagnostic.range.start.line + 1, rule: 'syntax', message: typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value });
  }

  const dockerfile = DockerfileParser.parse(content);
  const instructions = dockerfile.getInstructions();
  const stageNames = new Set<string>();
  const froms = dockerfile.getFROMs();
  if (froms.length === 0) add(null, 'DL3061', 'no FROM instruction');

  for (const from of froms) {
    const image = from.getImageName() ?? '';
    const tag = from.getImageTag();
    const stage = from.getBuildStage();
    if (stageNames.has(image)) {
      // FROM an earlier stage: nothing to pin.
    } else if (image === 'scratch') {
      // nothing to pin
    } else if (from.getImageDigest()) {
      // a digest pins it
    } else if (!tag) add(from, 'DL3006', `FROM ${image} has no tag: pin one (e.g. node:24-bookworm-slim)`);
    else if (tag === 'latest') add(from, 'DL3007', `FROM ${image}:latest: pin a version tag`);
    else if (image === 'node' && !/^\d+(\.\d+)*-\w+-slim$/.test(tag)) add(from, 'CS001', `FROM node:${tag}: use a slim, Debian-release tag like 24-bookworm-slim`);
    if (image.includes('$')) add(from, 'CS002', `FROM ${image}: the base image must be literal so it can be checked`);
    if (stage) stageNames.add(stage);
  }

  // Per stage: the last USER before the stage's end decides who the process runs as in the final stage.
  const finalFrom = froms[froms.length - 1];
  const finalStart = finalFrom ? finalFrom.getRange().start.line : 0;
  const finalInstructions = instructions.filter((i) => i.getRange().start.line >= finalStart);
  const users = finalInstructions.filter((i) => i.getKeyword() === 'USER');
  const lastUser = users[users.length - 1];
  const entry = finalInstructions.filter((i) => i.getKeyword() === 'CMD' || i.getKeyword() === 'ENTRYPOINT');
  if (!lastUser) add(finalFrom ?? null, 'DL3002', 'the final stage sets no USER: the process would run as root');
  else {
    const user = (lastUser.getArgumentsContent() ?? '').trim().split(':')[0] ?? '';
    if (!/^\d+$/.test(user)) add(lastUser, 'CS003', `USER ${user}: use a numeric UID so Kubernetes' runAsNonRoot can verify it`);
    else if (user === '0') add(lastUser, 'DL3002', 'USER 0 is root');
    for (const e of entry) if (e.getRange().start.line < lastUser.getRange().start.line) add(e, 'CS004', `${e.getKeyword()} before USER: set the user first`);
  }
  if (entry.length === 0) add(finalFrom ?? null, 'CS005', 'the final stage has no CMD or ENTRYPOINT');

  for (const i of instructions) {
    const keyword = i.getKeyword();
    const args = i.getArgumentsContent() ?? '';
    switch (keyword) {
      case 'ADD':
        if (!/^\s*(--\S+\s+)*(https?:\/\/|git@)/.test(args)) add(i, 'DL3020', 'use COPY, not ADD, for local files');
        break;
      case 'HEALTHCHECK':
        if (!/^\s*NONE\b/i.test(args)) add(i, 'CS006', 'no HEALTHCHECK: Kubernetes probes /healthz and /readyz instead');
        break;
      case 'CMD':
      case 'ENTRYPOINT':
        if (!args.trim().startsWith('[')) add(i, 'DL3025', `${keyword} must use the exec (JSON) form so the app gets SIGTERM directly`);
        break;
      case 'MAINTAINER':
        add(i, 'DL4000', 'MAINTAINER is deprecated: use a LABEL');
        break;
      case 'ENV':
      case 'ARG':
        for (const name of args.split(/\s+/).map((a) => a.split('=')[0] ?? '')) {
          if (SECRET_NAME.test(name)) add(i, 'CS007', `${keyword} ${name}: secrets never go into an image (layers and history keep them); pass them at run time`);
        }
        break;
      case 'RUN':
        lintRun(i, args, add);
        break;
      case 'WORKDIR':
        if (!args.trim().startsWith('/') && !args.trim().startsWith('$')) add(i, 'DL3000', 'WORKDIR must be absolute');
        break;
      default:
        break;
    }
  }
  return problems.sort((a, b) => a.line - b.line);
}

function lintRun(i: Instruction, args: string, add: (i: Instruction, rule: string, message: string) => void): void {
  const commands = args.split(/&&|\|\||;|\n/).map((c) => c.trim());
  for (const command of commands) {
    if (/^(sudo)\b/.test(command)) add(i, 'DL3004', 'do not use sudo');
    if (/\bapt-get\s+(\S+\s+)*install\b/.test(command)) {
      if (!/--no-install-recommends/.test(command)) add(i, 'DL3015', 'apt-get install needs --no-install-recommends');
      if (!/\s-y\b|--yes|--assume-yes/.test(command)) add(i, 'DL3014', 'apt-get install needs -y');
    }
    if (/\bapt\s+install\b/.test(command)) add(i, 'DL3027', 'use apt-get, not apt, in scripts');
    if (/\bnpm\s+(install|i)\b(?!-)/.test(command)) add(i, 'CS008', 'use npm ci (the lockfile decides), not npm install');
    if (/\bcurl\b.*\|\s*(ba)?sh\b|\bwget\b.*\|\s*(ba)?sh\b/.test(command)) add(i, 'DL4006', 'do not pipe a download into a shell');
    if (/^cd\s/.test(command)) add(i, 'DL3003', 'use WORKDIR instead of cd');
  }
  if (/\bapt-get\s+(\S+\s+)*install\b/.test(args) && !/rm -rf \/var\/lib\/apt\/lists/.test(args)) {
    add(i, 'DL3009', 'remove /var/lib/apt/lists in the same RUN as apt-get install');
  }
}
