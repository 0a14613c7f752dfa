import { join } from 'node:path';
import { containersOf, podSpecOf, renderKustomization } from '../kustomize/kustomization.renderer';
import type { KubeObject } from '../kustomize/manifest.types';
import { REPO_ROOT } from '../test-support/repo-paths';
import { checkManifestRules } from './manifest.rules';

const render = (overlay: string) => renderKustomization(join(REPO_ROOT, 'k8s', overlay));
const find = (objects: KubeObject[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name)!;

describe('manifest rules', () => {
  it.each(['overlays/dev', 'overlays/prod'])('find nothing wrong with %s', (overlay) => {
    expect(checkManifestRules(render(overlay))).toEqual([]);
  });

  it.each(['overlays/dev/migrate', 'overlays/prod/migrate'])('find nothing wrong with the migration Job of %s', (overlay) => {
    expect(checkManifestRules(render(overlay), { expectApps: false })).toEqual([]);
  });

  it('catch a Deployment without a readiness probe, limits or a read-only root filesystem', () => {
    const objects = render('overlays/prod');
    const [container] = containersOf(find(objects, 'Deployment', 'api'));
    delete container!.readinessProbe;
    (container!.resources as { limits?: unknown }).limits = undefined;
    (container!.securityContext as Record<string, unknown>).readOnlyRootFilesystem = false;
    expect(checkManifestRules(objects)).toEqual([
      'Deployment/conversation-service/api container api: readOnlyRootFilesystem must be true',
      'Deployment/conversation-service/api container api: resources.limits needs cpu and memory',
      'Deployment/conversation-service/api container api: readinessProbe must be an httpGet on /readyz',
    ]);
  });

  it('catch a drain that leaves too little of the termination grace period for the requests in flight', () => {
    const objects = render('overlays/prod');
    const config = objects.find((o) => o.kind === 'ConfigMap' && (o.data as Record<string, unknown> | undefined)?.['SHUTDOWN_DRAIN_MS'] !== undefined)!;
    expect((config.data as Record<string, string>)['SHUTDOWN_DRAIN_MS']).toBe('5000');
    (config.data as Record<string, string>)['SHUTDOWN_DRAIN_MS'] = '25000';
    const problems = checkManifestRules(objects);
    expect(problems).toContain(
      'Deployment/conversation-service/api container api: SHUTDOWN_DRAIN_MS=25000 leaves less than 10 s of terminationGracePeriodSeconds (30) for the requests in flight to finish',
    );
    // The processor's grace period (120 s) has room for it.
    expect(problems.some((p) => p.includes('/processor'))).toBe(false);
  });

  it('catch a pod that may run as root and a secret given as a plain value', () => {
    const objects = render('overlays/dev');
    const worker = find(objects, 'Deployment', 'webhook-worker');
    (podSpecOf(worker)!.securityContext as Record<string, unknown>).runAsNonRoot = false;
    (containersOf(worker)[0]!.env as unknown[]).push({ name: 'CURSOR_SECRET', value: 'x'.repeat(40) });
    expect(checkManifestRules(objects)).toEqual([
      'Deployment/conversation-service-dev/webhook-worker: pod securityContext.runAsNonRoot must be true',
      'Deployment/conversation-service-dev/webhook-worker container webhook-worker: CURSOR_SECRET is a secret and must come from a secretKeyRef, not a value',
    ]);
  });

  it('catch a Service, HPA, PDB or Ingress pointing at nothing, and an app without a NetworkPolicy', () => {
    const objects = render('overlays/prod');
    (find(objects, 'Service', 'auth').spec as { selector: unknown }).selector = { 'app.kubernetes.io/name': 'auth-typo' };
    (find(objects, 'HorizontalPodAutoscaler', 'mcp').spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name = 'mcp-server';
    (find(objects, 'PodDisruptionBudget', 'processor').spec as { selector: unknown }).selector = { matchLabels: { app: 'processor' } };
    const ingress = find(objects, 'Ingress', 'conversation-service').spec as { rules: { http: { paths: { backend: { service: { name: string } } }[] } }[] };
    ingress.rules[0]!.http.paths[0]!.backend.service.name = 'rest';
    const withoutPolicy = objects.filter((o) => !(o.kind === 'NetworkPolicy' && ['webhook-worker', 'allow-postgres-redis', 'allow-metrics-scrape', 'allow-worker-metrics-scrape'].includes(o.metadata.name)));
    expect(checkManifestRules(withoutPolicy)).toEqual([
      'Service/conversation-service/auth: selects no Deployment\'s pods',
      'HorizontalPodAutoscaler/conversation-service/mcp: scaleTargetRef Deployment/mcp-server does not exist',
      'PodDisruptionBudget/conversation-service/processor: selects no Deployment\'s pods',
      'Ingress/conversation-service/conversation-service: api.example.com/api/v1 routes to missing Service rest',
      'Deployment/conversation-service/webhook-worker: no NetworkPolicy names its pods',
      'Deployment/conversation-service/api: no NetworkPolicy lets Prometheus (namespace monitoring) reach its /metrics port 3100',
      'Deployment/conversation-service/auth: no NetworkPolicy lets Prometheus (namespace monitoring) reach its /metrics port 3101',
      'Deployment/conversation-service/mcp: no NetworkPolicy lets Prometheus (namespace monitoring) reach its /metrics port 3102',
      'Deployment/conversation-service/webhook-worker: no NetworkPolicy lets Prometheus (namespace monitoring) reach its /metrics port 3003',
      'Deployment/conversation-service/processor: no NetworkPolicy lets Prometheus (namespace monitoring) reach its /metrics port 3004',
      'Ingress: no route /api/v1 to api',
    ]);
  });

  // Issue 19: the Ingress routed `/` of the auth host to the port that served /metrics.
  it('catch /metrics on a port a Service exposes, on the app port, or not announced to Prometheus', () => {
    const objects = render('overlays/prod');
    const ports = (find(objects, 'Service', 'auth').spec as { ports: unknown[] }).ports;
    ports.push({ name: 'metrics', port: 3101, targetPort: 'metrics', protocol: 'TCP' });
    const template = (d: string) => (find(objects, 'Deployment', d).spec as { template: { metadata: { annotations: Record<string, string> } } }).template;
    template('api').metadata.annotations['prometheus.io/port'] = '3000';
    delete template('processor').metadata.annotations['prometheus.io/scrape'];
    expect(checkManifestRules(objects)).toEqual([
      'Deployment/conversation-service/api: /metrics must be served on a port of its own named "metrics", set as METRICS_PORT (not on 3000 "http")',
      'Service/conversation-service/api: exposes the /metrics port of api, which an Ingress could then route to',
      'Deployment/conversation-service/api: no NetworkPolicy lets Prometheus (namespace monitoring) reach its /metrics port 3000',
      'Service/conversation-service/auth: exposes the /metrics port of auth, which an Ingress could then route to',
      'Deployment/conversation-service/processor: the pod must announce /metrics to Prometheus (annotations prometheus.io/scrape "true", prometheus.io/port, prometheus.io/path /metrics)',
    ]);
  });

  it('catch a missing default-deny policy, an unpinned image and a committed Secret', () => {
    const objects = render('overlays/dev').filter((o) => o.metadata.name !== 'default-deny');
    containersOf(find(objects, 'Deployment', 'auth'))[0]!.image = 'registry.dev.example.com/conversation-service-auth:latest';
    objects.push({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'conversation-service' }, stringData: { CURSOR_SECRET: 'x' } });
    expect(checkManifestRules(objects)).toEqual([
      'Secret/conversation-service: Secrets are never committed; reference the operator\'s with secretKeyRef',
      'Deployment/conversation-service-dev/auth container auth: image "registry.dev.example.com/conversation-service-auth:latest" needs a pinned tag (not latest)',
      'NetworkPolicy: no default-deny policy (empty podSelector, Ingress and Egress, no rules)',
    ]);
  });
});
