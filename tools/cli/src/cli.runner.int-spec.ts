import { runCliAgainst, singleJsonObject } from './cli.test-harness';

describe('cli runner', () => {
  it('rejects an unknown verb with a usage error, as JSON when --json is given', async () => {
    const run = await runCliAgainst('postgres://postgres@127.0.0.1:5432/unused', ['workspace:delete', '--json']);
    expect(run.code).toBe(1);
    expect(singleJsonObject(run.stdout)).toEqual({ error: { code: 'usage_error', message: expect.stringContaining('unknown verb "workspace:delete"') } });
    expect(run.stderr).toBe(`error: unknown verb "workspace:delete"; run with --help to list the verbs\n`);
  });

  it('prints the error on stderr only, without --json', async () => {
    const run = await runCliAgainst('postgres://postgres@127.0.0.1:5432/unused', ['workspace:create']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('error: missing required flag --name\n');
  });

  it('names a bad environment variable as a config error', async () => {
    const run = await runCliAgainst('mysql://nope', ['migrate', '--json']);
    expect(run.code).toBe(1);
    expect(singleJsonObject(run.stdout)).toEqual({ error: { code: 'config_error', message: expect.stringContaining('DATABASE_URL') } });
  });

  it('reports an unreachable database without leaking its password', async () => {
    const run = await runCliAgainst('postgres://postgres:hunter2@127.0.0.1:1/none', ['migrate', '--json']);
    expect(run.code).toBe(1);
    const out = singleJsonObject(run.stdout) as { error: { code: string; message: string } };
    expect(out.error.code).toBe('database_unavailable');
    expect(out.error.message).not.toContain('hunter2');
    expect(run.stderr).not.toContain('hunter2');
  });

  it('lists the verbs on --help', async () => {
    const run = await runCliAgainst('postgres://postgres@127.0.0.1:5432/unused', ['--help']);
    expect(run.code).toBe(0);
    for (const verb of ['migrate', 'seed:demo', 'workspace:create', 'user:create', 'api-key:create']) expect(run.stderr).toContain(verb);
  });
});
