import { attribute, type CpuProfile, NODE_INTERNALS, packageOf } from './cpu-profile';

describe('CPU profile attribution of the auth benchmark', () => {
  it('names the package of a script', () => {
    expect(packageOf('file:///work/main/node_modules/oidc-provider/lib/actions/token.js')).toBe('oidc-provider');
    expect(packageOf('file:///work/main/node_modules/@nestjs/core/router/router-explorer.js')).toBe('@nestjs/core');
    expect(packageOf('file:///work/main/node_modules/a/node_modules/jose/dist/node/cjs/jws/sign.js')).toBe('jose');
    expect(packageOf('file:///work/main/apps/auth/dist/oidc/oidc-adapter.js')).toBe('apps/auth');
    expect(packageOf('file:///work/main/libs/oauth/dist/index.js')).toBe('@cs/oauth');
    expect(packageOf('node:internal/streams/readable')).toBeNull();
    expect(packageOf('')).toBeNull();
  });

  it('charges a sample to the nearest package on its stack, inside the windows only, leaving idle out', () => {
    // root → koa handler (koa) → jose sign (jose) → native sign; root → pg parse (pg) → node:net; GC; idle; node-only stack.
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: { functionName: '(root)', url: '' }, children: [2, 5, 7, 8, 9] },
        { id: 2, callFrame: { functionName: 'handle', url: 'file:///r/node_modules/koa/lib/application.js' }, children: [3] },
        { id: 3, callFrame: { functionName: 'sign', url: 'file:///r/node_modules/jose/dist/sign.js' }, children: [4] },
        { id: 4, callFrame: { functionName: 'sign', url: '' } },
        { id: 5, callFrame: { functionName: 'parse', url: 'file:///r/node_modules/pg-protocol/dist/parser.js' }, children: [6] },
        { id: 6, callFrame: { functionName: 'onStreamRead', url: 'node:internal/stream_base_commons' } },
        { id: 7, callFrame: { functionName: '(garbage collector)', url: '' } },
        { id: 8, callFrame: { functionName: '(idle)', url: '' } },
        { id: 9, callFrame: { functionName: 'processTicksAndRejections', url: 'node:internal/process/task_queues' } },
      ],
      startTime: 1_000,
      endTime: 2_000,
      // Samples at 1010, 1020, …: the last one (1100) falls outside the window.
      samples: [4, 4, 3, 6, 7, 8, 8, 9, 2, 4],
      timeDeltas: [10, 10, 10, 10, 10, 10, 10, 10, 10, 10],
    };
    const { busySamples, shares } = attribute(profile, [[1_000, 1_095]]);
    expect(busySamples).toBe(7);
    expect(shares).toEqual([
      { name: 'jose', samples: 3, share: 3 / 7 },
      { name: '(garbage collector)', samples: 1, share: 1 / 7 },
      { name: 'koa', samples: 1, share: 1 / 7 },
      { name: NODE_INTERNALS, samples: 1, share: 1 / 7 },
      { name: 'pg-protocol', samples: 1, share: 1 / 7 },
    ]);
  });
});
