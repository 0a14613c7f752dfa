import { containersOf, podSpecOf } from '../kustomize/kustomization.renderer';
import { isRecord, type KubeObject, objectId } from '../kustomize/manifest.types';

/** The deployables (docs/operations.md "Deployables"): every one needs its Deployment, Service, HPA, PDB and NetworkPolicy cover. */
export const APPS = ['api', 'auth', 'mcp', 'webhook-worker', 'processor'] as const;
export const HTTP_APPS = ['api', 'auth', 'mcp'] as const;

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const labelsMatch = (selector: unknown, labels: unknown) =>
  isRecord(selector) && Object.keys(selector).length > 0 && isRecord(labels) && Object.entries(selector).every(([k, v]) => labels[k] === v);

function templateLabels(object: KubeObject): Record<string, unknown> {
  const spec = isRecord(object.spec) ? object.spec : {};
  const template = isRecord(spec.template) ? spec.template : {};
  return isRecord(template.metadata) && isRecord(template.metadata.labels) ? template.metadata.labels : {};
}

/**
 * After draining, a replica closes its port and lets the requests in flight finish before Kubernetes kills it at
 * terminationGracePeriodSeconds: the drain must leave at least this long (a slow upload, Postgres and Redis closing).
 */
const SHUTDOWN_HEADROOM_SECONDS = 10;

/** A container's environment variable: its literal value, else the value in a ConfigMap it takes whole with envFrom. */
function envValue(container: Record<string, unknown>, name: string, objects: KubeObject[]): string | undefined {
  for (const env of Array.isArray(container.env) ? container.env.filter(isRecord) : []) if (env.name === name && typeof env.value === 'string') return env.value;
  for (const from of Array.isArray(container.envFrom) ? container.envFrom.filter(isRecord) : []) {
    const ref = isRecord(from.configMapRef) ? from.configMapRef.name : undefined;
    const map = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === ref);
    const value = map && isRecord(map.data) ? map.data[name] : undefined;
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/**
 * The rules the schema cannot express, over one rendered overlay (apps) or the migration kustomization:
 * hardened, probed, bounded workloads; Services, HPAs, PDBs and Ingress backends that point at something real;
 * secrets only by reference; every app covered by a NetworkPolicy under a default deny.
 */
export function checkManifestRules(objects: KubeObject[], { expectApps = true } = {}): string[] {
  const problems: string[] = [];
  const byKind = (kind: string) => objects.filter((o) => o.kind === kind);
  const deployments = byKind('Deployment');
  const workloads = [...deployments, ...byKind('Job'), ...byKind('CronJob')];

  for (const o of objects) if (o.kind === 'Secret') problems.push(`${objectId(o)}: Secrets are never committed; reference the operator's with secretKeyRef`);

  for (const w of workloads) {
    const id = objectId(w);
    const pod = podSpecOf(w) ?? {};
    const podSecurity = isRecord(pod.securityContext) ? pod.securityContext : {};
    if (podSecurity.runAsNonRoot !== true) problems.push(`${id}: pod securityContext.runAsNonRoot must be true`);
    if (typeof podSecurity.runAsUser !== 'number' || podSecurity.runAsUser === 0) problems.push(`${id}: pod securityContext.runAsUser must be a non-zero UID`);
    if (!isRecord(podSecurity.seccompProfile) || podSecurity.seccompProfile.type !== 'RuntimeDefault') problems.push(`${id}: pod seccompProfile must be RuntimeDefault`);
    if (pod.automountServiceAccountToken !== false) problems.push(`${id}: automountServiceAccountToken must be false (no app talks to the Kubernetes API)`);
    const mounts = new Set<string>();
    for (const c of containersOf(w)) {
      const cid = `${id} container ${str(c.name) ?? '?'}`;
      const image = str(c.image) ?? '';
      if (!/:[\w][\w.-]*$/.test(image.split('/').pop() ?? '') || image.endsWith(':latest')) problems.push(`${cid}: image "${image}" needs a pinned tag (not latest)`);
      const sc = isRecord(c.securityContext) ? c.securityContext : {};
      if (sc.readOnlyRootFilesystem !== true) problems.push(`${cid}: readOnlyRootFilesystem must be true`);
      if (sc.allowPrivilegeEscalation !== false) problems.push(`${cid}: allowPrivilegeEscalation must be false`);
      const drop = isRecord(sc.capabilities) && Array.isArray(sc.capabilities.drop) ? sc.capabilities.drop : [];
      if (!drop.includes('ALL')) problems.push(`${cid}: capabilities must drop ALL`);
      const resources = isRecord(c.resources) ? c.resources : {};
      for (const kind of ['requests', 'limits']) {
        const r = isRecord(resources[kind]) ? resources[kind] : {};
        if (r.cpu === undefined || r.memory === undefined) problems.push(`${cid}: resources.${kind} needs cpu and memory`);
      }
      for (const env of Array.isArray(c.env) ? c.env : []) {
        if (isRecord(env) && env.value !== undefined && /SECRET|KEY|PASSWORD|TOKEN|DATABASE_URL|REDIS_URL/.test(str(env.name) ?? '')) {
          problems.push(`${cid}: ${str(env.name)} is a secret and must come from a secretKeyRef, not a value`);
        }
      }
      for (const m of Array.isArray(c.volumeMounts) ? c.volumeMounts : []) if (isRecord(m)) mounts.add(str(m.mountPath) ?? '');
      if (w.kind === 'Deployment') {
        for (const probe of ['livenessProbe', 'readinessProbe'] as const) {
          const expected = probe === 'livenessProbe' ? '/healthz' : '/readyz';
          const get = isRecord(c[probe]) && isRecord((c[probe] as Record<string, unknown>).httpGet) ? ((c[probe] as Record<string, unknown>).httpGet as Record<string, unknown>) : undefined;
          if (!get || get.path !== expected) problems.push(`${cid}: ${probe} must be an httpGet on ${expected}`);
        }
      }
    }
    if (!mounts.has('/tmp')) problems.push(`${id}: /tmp must be a writable volume (the root filesystem is read-only)`);
  }

  for (const d of deployments) {
    const pod = podSpecOf(d) ?? {};
    if (typeof pod.terminationGracePeriodSeconds !== 'number') problems.push(`${objectId(d)}: terminationGracePeriodSeconds must be set to cover the app's graceful shutdown`);
    else {
      for (const c of containersOf(d)) {
        const drainMs = Number(envValue(c, 'SHUTDOWN_DRAIN_MS', objects) ?? 0);
        if (drainMs / 1000 + SHUTDOWN_HEADROOM_SECONDS > pod.terminationGracePeriodSeconds) {
          problems.push(
            `${objectId(d)} container ${str(c.name) ?? '?'}: SHUTDOWN_DRAIN_MS=${drainMs} leaves less than ${SHUTDOWN_HEADROOM_SECONDS} s of terminationGracePeriodSeconds (${pod.terminationGracePeriodSeconds}) for the requests in flight to finish`,
          );
        }
      }
    }
    const selector = isRecord(d.spec) && isRecord(d.spec.selector) ? d.spec.selector.matchLabels : undefined;
    if (!labelsMatch(selector, templateLabels(d))) problems.push(`${objectId(d)}: spec.selector.matchLabels must match the pod template's labels`);
    if (isRecord(d.spec) && d.spec.replicas !== undefined && objects.some((h) => h.kind === 'HorizontalPodAutoscaler' && isRecord(h.spec) && isRecord(h.spec.scaleTargetRef) && h.spec.scaleTargetRef.name === d.metadata.name)) {
      problems.push(`${objectId(d)}: has spec.replicas although an HPA scales it (every apply would reset the HPA's choice)`);
    }
  }

  const deploymentNamed = (name: unknown) => deployments.find((d) => d.metadata.name === name);
  const services = byKind('Service');
  for (const s of services) {
    const selector = isRecord(s.spec) ? s.spec.selector : undefined;
    if (!deployments.some((d) => labelsMatch(selector, templateLabels(d)))) problems.push(`${objectId(s)}: selects no Deployment's pods`);
  }
  for (const h of byKind('HorizontalPodAutoscaler')) {
    const ref = isRecord(h.spec) && isRecord(h.spec.scaleTargetRef) ? h.spec.scaleTargetRef : {};
    if (ref.kind !== 'Deployment' || !deploymentNamed(ref.name)) problems.push(`${objectId(h)}: scaleTargetRef ${String(ref.kind)}/${String(ref.name)} does not exist`);
  }
  for (const p of byKind('PodDisruptionBudget')) {
    const selector = isRecord(p.spec) && isRecord(p.spec.selector) ? p.spec.selector.matchLabels : undefined;
    if (!deployments.some((d) => labelsMatch(selector, templateLabels(d)))) problems.push(`${objectId(p)}: selects no Deployment's pods`);
  }
  for (const i of byKind('Ingress')) {
    const rules = isRecord(i.spec) && Array.isArray(i.spec.rules) ? i.spec.rules : [];
    for (const rule of rules.filter(isRecord)) {
      const paths = isRecord(rule.http) && Array.isArray(rule.http.paths) ? rule.http.paths.filter(isRecord) : [];
      for (const path of paths) {
        const backend = isRecord(path.backend) && isRecord(path.backend.service) ? path.backend.service : {};
        const service = services.find((s) => s.metadata.name === backend.name);
        const portName = isRecord(backend.port) ? backend.port.name ?? backend.port.number : undefined;
        const ports = service && isRecord(service.spec) && Array.isArray(service.spec.ports) ? service.spec.ports.filter(isRecord) : [];
        if (!service) problems.push(`${objectId(i)}: ${String(rule.host)}${String(path.path)} routes to missing Service ${String(backend.name)}`);
        else if (!ports.some((p) => p.name === portName || p.port === portName)) problems.push(`${objectId(i)}: ${String(rule.host)}${String(path.path)} routes to a port Service ${String(backend.name)} does not have`);
      }
    }
  }

  const policies = byKind('NetworkPolicy');
  if (deployments.length > 0) {
    const defaultDeny = policies.find((p) => isRecord(p.spec) && isRecord(p.spec.podSelector) && Object.keys(p.spec.podSelector).length === 0
      && Array.isArray(p.spec.policyTypes) && p.spec.policyTypes.includes('Ingress') && p.spec.policyTypes.includes('Egress')
      && p.spec.ingress === undefined && p.spec.egress === undefined);
    if (!defaultDeny) problems.push('NetworkPolicy: no default-deny policy (empty podSelector, Ingress and Egress, no rules)');
    for (const d of deployments) {
      const labels = templateLabels(d);
      const covering = policies.filter((p) => isRecord(p.spec) && p.spec.podSelector !== undefined && selects(p.spec.podSelector, labels) && Object.keys(p.spec.podSelector as object).length > 0);
      if (covering.length === 0) problems.push(`${objectId(d)}: no NetworkPolicy names its pods`);
    }
  }

  problems.push(...checkMetricsExposure(deployments, services, policies, objects));

  if (expectApps) {
    for (const app of APPS) {
      for (const kind of ['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget']) {
        if (!objects.some((o) => o.kind === kind && o.metadata.name === app)) problems.push(`${kind}/${app}: missing`);
      }
    }
    const ingress = byKind('Ingress');
    const routes = ingress.flatMap((i) => (isRecord(i.spec) && Array.isArray(i.spec.rules) ? i.spec.rules.filter(isRecord) : []))
      .flatMap((r) => (isRecord(r.http) && Array.isArray(r.http.paths) ? r.http.paths.filter(isRecord) : []))
      .map((p) => `${String(p.path)}->${String(isRecord(p.backend) && isRecord(p.backend.service) ? p.backend.service.name : '')}`);
    for (const route of ['/api/v1->api', '/mcp->mcp', '/.well-known/oauth-protected-resource->mcp', '/->auth']) {
      if (!routes.includes(route)) problems.push(`Ingress: no route ${route.replace('->', ' to ')}`);
    }
  }
  return problems;
}

/**
 * Prometheus finds /metrics through the pod annotations, and only Prometheus reaches it: an HTTP app serves it on
 * a port of its own named `metrics` (its METRICS_PORT) that no Service exposes, so no Ingress can route to it
 * (issue 19); a NetworkPolicy admits the `monitoring` namespace to that port.
 */
function checkMetricsExposure(deployments: KubeObject[], services: KubeObject[], policies: KubeObject[], objects: KubeObject[]): string[] {
  const problems: string[] = [];
  for (const d of deployments.filter((o) => (APPS as readonly string[]).includes(o.metadata.name))) {
    const id = objectId(d);
    const template = isRecord(d.spec) && isRecord(d.spec.template) ? d.spec.template : {};
    const annotations = isRecord(template.metadata) && isRecord(template.metadata.annotations) ? template.metadata.annotations : {};
    const port = Number(annotations['prometheus.io/port']);
    if (annotations['prometheus.io/scrape'] !== 'true' || annotations['prometheus.io/path'] !== '/metrics' || !port) {
      problems.push(`${id}: the pod must announce /metrics to Prometheus (annotations prometheus.io/scrape "true", prometheus.io/port, prometheus.io/path /metrics)`);
      continue;
    }
    const [container] = containersOf(d).filter((c) => Array.isArray(c.ports) && c.ports.some((p) => isRecord(p) && p.containerPort === port));
    const containerPort = container && Array.isArray(container.ports) ? container.ports.filter(isRecord).find((p) => p.containerPort === port) : undefined;
    if (!container || !containerPort) {
      problems.push(`${id}: prometheus.io/port ${port} is not a port of its containers`);
      continue;
    }
    const name = str(containerPort.name);
    if ((HTTP_APPS as readonly string[]).includes(d.metadata.name)) {
      if (name !== 'metrics' || Number(envValue(container, 'METRICS_PORT', objects)) !== port) {
        problems.push(`${id}: /metrics must be served on a port of its own named "metrics", set as METRICS_PORT (not on ${port} "${name ?? ''}")`);
      }
      for (const s of services.filter((s) => isRecord(s.spec) && labelsMatch(s.spec.selector, templateLabels(d)))) {
        const ports = isRecord(s.spec) && Array.isArray(s.spec.ports) ? s.spec.ports.filter(isRecord) : [];
        if (ports.some((p) => p.targetPort === port || (name !== undefined && p.targetPort === name))) {
          problems.push(`${objectId(s)}: exposes the /metrics port of ${d.metadata.name}, which an Ingress could then route to`);
        }
      }
    }
    const scraped = policies.some(
      (p) => isRecord(p.spec) && selects(p.spec.podSelector, templateLabels(d)) && Array.isArray(p.spec.ingress) && p.spec.ingress.filter(isRecord).some(
        (rule) => Array.isArray(rule.from) && rule.from.some((f) => isRecord(f) && isRecord(f.namespaceSelector) && isRecord(f.namespaceSelector.matchLabels) && f.namespaceSelector.matchLabels['kubernetes.io/metadata.name'] === 'monitoring')
          && Array.isArray(rule.ports) && rule.ports.some((rp) => isRecord(rp) && (rp.port === port || (name !== undefined && rp.port === name))),
      ),
    );
    if (!scraped) problems.push(`${id}: no NetworkPolicy lets Prometheus (namespace monitoring) reach its /metrics port ${port}`);
  }
  return problems;
}

/** Whether a LabelSelector (matchLabels and In/NotIn/Exists/DoesNotExist expressions) selects these labels. */
function selects(selector: unknown, labels: Record<string, unknown>): boolean {
  if (!isRecord(selector)) return false;
  const matchLabels = isRecord(selector.matchLabels) ? selector.matchLabels : {};
  if (!Object.entries(matchLabels).every(([k, v]) => labels[k] === v)) return false;
  const expressions = Array.isArray(selector.matchExpressions) ? selector.matchExpressions.filter(isRecord) : [];
  return expressions.every((e) => {
    const value = labels[str(e.key) ?? ''];
    const values = Array.isArray(e.values) ? e.values : [];
    switch (e.operator) {
      case 'In': return values.includes(value);
      case 'NotIn': return !values.includes(value);
      case 'Exists': return value !== undefined;
      case 'DoesNotExist': return value === undefined;
      default: return false;
    }
  });
}
