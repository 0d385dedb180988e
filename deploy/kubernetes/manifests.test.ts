import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ServiceAccount, Service, ConfigMap, Secret } from "kubernetes-models/v1";
import { Deployment, StatefulSet } from "kubernetes-models/apps/v1";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import { Ingress, NetworkPolicy } from "kubernetes-models/networking.k8s.io/v1";
import { EnvSchema, parseEnv } from "#config/env.ts";
import { createTenantDirectory, createTenantHolder, TenantsFileSchema } from "#config/tenants.ts";
import { operationsRouter } from "#server/middleware/operations.ts";
import { METRICS_PATH } from "#server/operational-paths.ts";
import { createMetrics } from "#server/observability/metrics.ts";
import { parse } from "yaml";
import {
  KUBERNETES_DIR,
  kustomizeHash,
  renderKustomization,
  strategicMerge,
  type K8sObject,
} from "./render.ts";

/** The Prometheus Operator's two kinds (no schema package for them here): the fields used, strictly. */
const ServiceMonitorSchema = z.object({
  apiVersion: z.literal("monitoring.coreos.com/v1"),
  kind: z.literal("ServiceMonitor"),
  metadata: z.object({ name: z.string(), namespace: z.string(), labels: z.record(z.string(), z.string()) }),
  spec: z.strictObject({
    selector: z.strictObject({ matchLabels: z.record(z.string(), z.string()) }),
    endpoints: z
      .array(
        z.strictObject({
          port: z.string(),
          path: z.string(),
          interval: z.string().regex(/^\d+[sm]$/),
          scrapeTimeout: z.string().regex(/^\d+[sm]$/),
        }),
      )
      .min(1),
  }),
});
const PrometheusRuleSchema = z.object({
  apiVersion: z.literal("monitoring.coreos.com/v1"),
  kind: z.literal("PrometheusRule"),
  metadata: z.object({ name: z.string(), namespace: z.string(), labels: z.record(z.string(), z.string()) }),
  spec: z.strictObject({
    groups: z.array(
      z.strictObject({
        name: z.string(),
        rules: z.array(
          z.strictObject({
            alert: z.string().regex(/^[A-Z][A-Za-z]+$/),
            expr: z.string(),
            for: z.string().regex(/^\d+[sm]$/),
            labels: z.strictObject({ severity: z.enum(["critical", "warning", "info"]) }),
            annotations: z.strictObject({ summary: z.string(), description: z.string() }),
          }),
        ),
      }),
    ),
  }),
});

/** The schema of every kind the overlays may hold (an object of another kind fails the test). */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  "v1/ServiceAccount": ServiceAccount,
  "v1/Service": Service,
  "v1/ConfigMap": ConfigMap,
  "v1/Secret": Secret,
  "apps/v1/Deployment": Deployment,
  "apps/v1/StatefulSet": StatefulSet,
  "autoscaling/v2/HorizontalPodAutoscaler": HorizontalPodAutoscaler,
  "policy/v1/PodDisruptionBudget": PodDisruptionBudget,
  "networking.k8s.io/v1/Ingress": Ingress,
  "networking.k8s.io/v1/NetworkPolicy": NetworkPolicy,
};

type EnvVar = {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string }; configMapKeyRef?: unknown };
};
type Probe = { httpGet?: { path: string; port: string | number } };
type Container = {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: unknown[];
  resources: { requests: Record<string, string>; limits: Record<string, string> };
  securityContext?: {
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    capabilities?: { drop?: string[] };
  };
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  volumeMounts?: { name: string; mountPath: string; subPath?: string }[];
};
type PodSpec = {
  terminationGracePeriodSeconds?: number;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
  topologySpreadConstraints?: {
    topologyKey: string;
    labelSelector: { matchLabels: Record<string, string> };
  }[];
  containers: Container[];
  volumes?: { name: string; configMap?: { name: string }; emptyDir?: unknown }[];
};
type DeploymentSpec = {
  replicas?: number;
  selector: { matchLabels: Record<string, string> };
  strategy: { type: string; rollingUpdate?: { maxUnavailable?: number | string } };
  template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
};

const OVERLAYS = ["demo", "production"] as const;

/**
 * The env names the app reads: config/env.ts's schema, and REDIS_URL, the shared store's, which issue #26 adds to that
 * schema in parallel (the extra name goes away by itself once the schema has it).
 */
const APP_ENV_NAMES = [
  ...Object.keys(EnvSchema.shape),
  ...("REDIS_URL" in EnvSchema.shape ? [] : ["REDIS_URL"]),
];
/** What stands in for a secret's value when the env is parsed (a URL where the app expects one). */
const SECRET_STAND_IN: Record<string, string> = {
  REDIS_URL: "rediss://:a-secret-of-at-least-32-characters-0123@valkey.example.it:6379",
};
/** Stand-ins for the env file each overlay makes its Secret from (written by the operator, never in the repository). */
const secretsFile = (overlay: string) => join(KUBERNETES_DIR, "overlays", overlay, "portal-secrets.env");
const STAND_IN_SECRETS = `PORTAL_SECRET=${"s".repeat(64)}\nREDIS_URL=${SECRET_STAND_IN.REDIS_URL}\n`;
const render = (overlay: string, secrets = STAND_IN_SECRETS) =>
  renderKustomization(join(KUBERNETES_DIR, "overlays", overlay), {
    files: { [secretsFile(overlay)]: secrets },
  });
const rendered = Object.fromEntries(OVERLAYS.map((o) => [o, render(o)])) as Record<
  (typeof OVERLAYS)[number],
  K8sObject[]
>;

function find(objects: K8sObject[], kind: string, name: string): K8sObject {
  const object = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!object) throw new Error(`no ${kind} ${name}`);
  return object;
}
const spec = <T>(object: K8sObject) => object.spec as T;
const portal = (objects: K8sObject[]) => spec<DeploymentSpec>(find(objects, "Deployment", "portal"));
const portalContainer = (objects: K8sObject[]) => {
  const container = portal(objects).template.spec.containers.find((c) => c.name === "portal");
  if (!container) throw new Error("no portal container");
  return container;
};
/** The portal's environment as the process would see it (literal values; secrets replaced by a stand-in). */
function portalEnv(objects: K8sObject[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const v of portalContainer(objects).env ?? []) {
    if (v.value !== undefined) env[v.name] = v.value;
    else if (v.valueFrom?.secretKeyRef)
      env[v.name] = SECRET_STAND_IN[v.name] ?? "a-secret-of-at-least-32-characters-0123";
  }
  return env;
}
function mebibytes(quantity: string): number {
  const match = /^(\d+)(Mi|Gi)$/.exec(quantity);
  if (!match) throw new Error(`unexpected quantity ${quantity}`);
  return Number(match[1]) * (match[2] === "Gi" ? 1024 : 1);
}
const seconds = (command: string[] | undefined) =>
  command?.[0] === "sleep" ? Number(command[1]) : Number.NaN;

describe.each(OVERLAYS)("the %s overlay", (overlay) => {
  const objects = rendered[overlay];

  it("validates every object against the Kubernetes schema of its kind", () => {
    expect(objects.length).toBeGreaterThan(5);
    for (const object of objects) {
      if (object.kind === "ServiceMonitor") {
        expect(() => ServiceMonitorSchema.parse(object)).not.toThrow();
        continue;
      }
      if (object.kind === "PrometheusRule") {
        expect(() => PrometheusRuleSchema.parse(object)).not.toThrow();
        continue;
      }
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      expect(Model, `${object.apiVersion} ${object.kind} has no schema here`).toBeDefined();
      expect(
        () => new Model!(object as never).validate(),
        `${object.kind} ${object.metadata.name}`,
      ).not.toThrow();
    }
    const names = objects.map((o) => `${o.kind}/${o.metadata.name}`);
    expect(new Set(names).size).toBe(names.length);
    expect(objects.every((o) => o.metadata.namespace === objects[0]!.metadata.namespace)).toBe(true);
  });

  it("rolls the portal out without an unavailable replica and drains it before SIGTERM", () => {
    const deployment = portal(objects);
    const container = portalContainer(objects);
    expect(deployment.strategy.type).toBe("RollingUpdate");
    expect(deployment.strategy.rollingUpdate?.maxUnavailable).toBe(0);
    expect(container.readinessProbe?.httpGet?.path).toBe("/readyz");
    expect(container.livenessProbe?.httpGet?.path).toBe("/healthz");
    expect(container.startupProbe?.httpGet?.path).toBe("/healthz");

    const pause = seconds(container.lifecycle?.preStop?.exec?.command);
    expect(pause).toBeGreaterThanOrEqual(5);
    const { SHUTDOWN_TIMEOUT_MS } = parseEnv(portalEnv(objects));
    expect(deployment.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(
      pause + SHUTDOWN_TIMEOUT_MS / 1000,
    );
  });

  it("runs the portal non-root on a read-only root, without privileges, spread across nodes", () => {
    const pod = portal(objects).template.spec;
    const container = portalContainer(objects);
    expect(pod.securityContext?.runAsNonRoot).toBe(true);
    expect(pod.securityContext?.runAsUser).toBe(1000); // the image's `node` user
    expect(container.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ["ALL"] },
    });
    const hostnameSpread = pod.topologySpreadConstraints?.find(
      (t) => t.topologyKey === "kubernetes.io/hostname",
    );
    expect(hostnameSpread?.labelSelector.matchLabels).toEqual(portal(objects).selector.matchLabels);
  });

  it("asks for the memory the benchmark measured (soak: 344 MiB) and the 512 MiB docs/operations.md requires", () => {
    const { requests, limits } = portalContainer(objects).resources;
    expect(mebibytes(requests.memory!)).toBeGreaterThanOrEqual(344);
    expect(mebibytes(limits.memory!)).toBeGreaterThanOrEqual(512);
    expect(requests.cpu).toBeDefined();
    expect(limits.cpu).toBeDefined();
  });

  it("sets only env names the app's env schema reads, with values it accepts", () => {
    const names = (portalContainer(objects).env ?? []).map((v) => v.name);
    expect(names.filter((n) => !APP_ENV_NAMES.includes(n))).toEqual([]);
    expect(portalContainer(objects).envFrom).toBeUndefined();
    const env = parseEnv(portalEnv(objects));
    expect(env.NODE_ENV).toBe("production");
    // One hop: the ingress controller (ingress.yaml), which the NetworkPolicy makes the only client.
    expect(env.TRUST_PROXY).toBe(1);
    expect(env.UPSTREAM_URL).toBeDefined();
  });

  it("takes the secrets by reference, from a Secret generated out of a file the repository never holds", () => {
    const secrets = objects.filter((o) => o.kind === "Secret");
    expect(secrets.map((s) => s.metadata.name)).toEqual([
      `portal-secrets-${kustomizeHash({ ...secrets[0]!, metadata: { name: "portal-secrets" } })}`,
    ]);
    for (const name of ["PORTAL_SECRET", "PORTAL_SECRET_PREVIOUS"]) {
      const variable = portalContainer(objects).env?.find((v) => v.name === name);
      expect(variable?.value).toBeUndefined();
      expect(variable?.valueFrom?.secretKeyRef).toEqual(
        expect.objectContaining({ name: secrets[0]!.metadata.name, key: name }),
      );
    }
    const tracked = spawnSync("git", ["ls-files", "--", secretsFile(overlay)], { encoding: "utf8" });
    expect(tracked.stdout).toBe("");
    const ignored = spawnSync("git", ["check-ignore", "-q", secretsFile(overlay)]);
    expect(ignored.status, `${secretsFile(overlay)} must be git-ignored`).toBe(0);
  });

  it("rolls the pods when a secret changes: the Secret's name, hence the pod template, follows its content", () => {
    const template = (objects: K8sObject[]) => JSON.stringify(portal(objects).template);
    const again = render(overlay);
    expect(template(again)).toBe(template(objects));
    const rotated = render(overlay, STAND_IN_SECRETS.replace("s".repeat(64), "t".repeat(64)));
    expect(template(rotated)).not.toBe(template(objects));
    const secretNames = (list: K8sObject[]) =>
      list.filter((o) => o.kind === "Secret").map((o) => o.metadata.name);
    expect(secretNames(rotated)).not.toEqual(secretNames(objects));
    expect(
      portalContainer(rotated).env?.find((v) => v.name === "PORTAL_SECRET")?.valueFrom?.secretKeyRef?.name,
    ).toBe(secretNames(rotated)[0]);
    // The tenants ConfigMap keeps its name (the portal re-reads the mounted file: no rollout for a tenants change).
    expect(find(rotated, "ConfigMap", "portal-tenants")).toBeDefined();
  });

  it("serves the probes on the port the app listens on, through the Service and the Ingress", () => {
    const container = portalContainer(objects);
    const { PORT } = parseEnv(portalEnv(objects));
    const http = container.ports?.find((p) => p.name === "http");
    expect(http?.containerPort).toBe(PORT);
    for (const probe of [container.startupProbe, container.readinessProbe, container.livenessProbe]) {
      expect(probe?.httpGet?.port).toBe("http");
    }
    const service = spec<{ selector: Record<string, string>; ports: { name: string; targetPort: string }[] }>(
      find(objects, "Service", "portal"),
    );
    expect(service.selector).toEqual(portal(objects).template.metadata.labels);
    expect(service.ports.map((p) => p.targetPort)).toEqual(["http"]);

    type Backend = { service: { name: string; port: { name: string } } };
    const ingress = spec<{ rules: { http: { paths: { path: string; backend: Backend }[] } }[] }>(
      find(objects, "Ingress", "portal"),
    );
    const paths = ingress.rules.flatMap((r) => r.http.paths);
    expect(paths.find((p) => p.path === "/")?.backend.service.name).toBe("portal");
    // The monitoring endpoints are not public: the Ingress sends them to a Service without endpoints.
    for (const internal of ["/metrics", "/readyz"]) {
      const backend = paths.find((p) => p.path === internal)?.backend.service.name;
      expect(backend).toBe("portal-internal-only");
      expect(spec<{ selector?: unknown }>(find(objects, "Service", backend!)).selector).toBeUndefined();
    }
    for (const { backend } of paths) {
      const target = spec<{ ports: { name: string }[] }>(find(objects, "Service", backend.service.name));
      expect(target.ports.map((p) => p.name)).toContain(backend.service.port.name);
    }
  });

  it("mounts the tenants ConfigMap where TENANTS_FILE points, as a directory the kubelet updates", () => {
    const { TENANTS_FILE } = parseEnv(portalEnv(objects));
    const pod = portal(objects).template.spec;
    const mount = portalContainer(objects).volumeMounts?.find((m) => m.mountPath === dirname(TENANTS_FILE));
    expect(mount?.subPath).toBeUndefined();
    const volume = pod.volumes?.find((v) => v.name === mount?.name);
    expect(volume?.configMap?.name).toBe("portal-tenants");
    const configMap = find(objects, "ConfigMap", "portal-tenants") as K8sObject & {
      data: Record<string, string>;
    };
    const file = configMap.data[basename(TENANTS_FILE)];
    expect(file).toBeDefined();
    const parsed = TenantsFileSchema.safeParse(JSON.parse(file!));
    expect(parsed.error?.issues ?? []).toEqual([]);
    // The read-only root file system: the only writable place is an emptyDir on /tmp.
    const tmp = portalContainer(objects).volumeMounts?.find((m) => m.mountPath === "/tmp");
    expect(pod.volumes?.find((v) => v.name === tmp?.name)?.emptyDir).toBeDefined();
  });

  it("drops the Ingress's cookie affinity, since REDIS_URL gives every replica the same sessions and flows", () => {
    expect(portalEnv(objects).REDIS_URL).toBeDefined();
    const annotations = (find(objects, "Ingress", "portal").metadata.annotations ?? {}) as Record<
      string,
      string
    >;
    expect(Object.keys(annotations).filter((a) => /affinity|session-cookie/.test(a))).toEqual([]);
    // The rest of the base's annotations stay (retry of idempotent requests on the next pod).
    // Never on the portal's own 502/503: its upstream failing, or shed under load, is the same on any pod.
    expect(annotations["nginx.ingress.kubernetes.io/proxy-next-upstream"]).toBe("error timeout");
  });

  it("scales on CPU from two replicas (three in production), the HPA owning the count, and lets at most one go in a disruption", () => {
    const hpa = spec<{
      scaleTargetRef: { kind: string; name: string };
      minReplicas: number;
      maxReplicas: number;
    }>(find(objects, "HorizontalPodAutoscaler", "portal"));
    expect(hpa.scaleTargetRef).toEqual(expect.objectContaining({ kind: "Deployment", name: "portal" }));
    expect(hpa.minReplicas).toBe(overlay === "production" ? 3 : 2);
    // No `replicas` in the Deployment: an apply would reset what the HPA decided (and contradict its minimum).
    expect(portal(objects).replicas).toBeUndefined();
    expect(hpa.maxReplicas).toBeGreaterThan(hpa.minReplicas);
    const pdb = spec<{ maxUnavailable: number; selector: { matchLabels: Record<string, string> } }>(
      find(objects, "PodDisruptionBudget", "portal"),
    );
    expect(pdb.maxUnavailable).toBe(1);
    expect(pdb.selector.matchLabels).toEqual(portal(objects).selector.matchLabels);
  });

  it("has Prometheus scrape every portal pod's /metrics through the Service that has them", () => {
    const monitor = ServiceMonitorSchema.parse(find(objects, "ServiceMonitor", "portal"));
    const services = objects.filter(
      (o) =>
        o.kind === "Service" &&
        Object.entries(monitor.spec.selector.matchLabels).every(([k, v]) => o.metadata.labels?.[k] === v),
    );
    expect(services.map((s) => s.metadata.name)).toEqual(["portal"]);
    const service = spec<{
      selector: Record<string, string>;
      ports: { name: string; targetPort: string | number }[];
    }>(services[0]!);
    expect(service.selector).toEqual(portal(objects).selector.matchLabels);
    const [endpoint] = monitor.spec.endpoints;
    expect(endpoint!.path).toBe(METRICS_PATH);
    const port = service.ports.find((p) => p.name === endpoint!.port);
    expect(port, `the Service has no port named ${endpoint!.port}`).toBeDefined();
    const containerPort = portalContainer(objects).ports?.find((p) => p.name === port!.targetPort);
    expect(containerPort?.containerPort).toBe(parseEnv(portalEnv(objects)).PORT);
  });

  it("alerts on what an on-call acts on, reading only metrics and labels the portal exposes", () => {
    const rule = PrometheusRuleSchema.parse(find(objects, "PrometheusRule", "portal"));
    const alerts = rule.spec.groups.flatMap((g) => g.rules);
    expect(alerts.map((a) => a.alert).sort()).toEqual([
      "PortalAllDown",
      "PortalDown",
      "PortalErrorRatioHigh",
      "PortalMunicipalityDegraded",
      "PortalOverloadShedding",
      "PortalRateLimitRefusals",
      "PortalStoreDown",
      "PortalStoreSlow",
      "PortalTenantsFileRefused",
    ]);
    for (const alert of alerts) {
      const problems = checkExpression(alert.expr);
      expect(problems, `${alert.alert}: ${alert.expr}`).toEqual([]);
    }
  });

  it("lets the portal reach only DNS, its upstream and Valkey, and only the ingress controller and Prometheus reach it", () => {
    type Peer = {
      ipBlock?: { cidr: string };
      namespaceSelector?: { matchLabels: Record<string, string> };
      podSelector?: { matchLabels: Record<string, string> };
    };
    type Rule = { to?: Peer[]; from?: Peer[]; ports: { port: number | string; protocol?: string }[] };
    type Policy = {
      podSelector: { matchLabels: Record<string, string> };
      policyTypes: string[];
      ingress?: Rule[];
      egress?: Rule[];
    };
    const policies = objects
      .filter((o) => o.kind === "NetworkPolicy")
      .map((o) => spec<Policy>(o))
      .filter((p) => p.podSelector.matchLabels["app.kubernetes.io/name"] === "portal");
    expect(policies.some((p) => p.policyTypes.includes("Ingress") && p.policyTypes.includes("Egress"))).toBe(
      true,
    );
    const ingressFrom = policies
      .flatMap((p) => p.ingress ?? [])
      .flatMap((r) => r.from ?? [])
      .map((peer) => peer.namespaceSelector?.matchLabels["kubernetes.io/metadata.name"]);
    expect(ingressFrom.sort()).toEqual(["ingress-nginx", "monitoring"]);

    const egress = policies.flatMap((p) => p.egress ?? []);
    const dns = egress.filter((r) => r.ports.every((p) => p.port === 53));
    expect(dns).toHaveLength(1);
    // Valkey's port (REDIS_URL's, 6379 in both overlays): the Service of the demo's StatefulSet, production's addresses.
    const valkey = egress.filter((r) => r.ports.every((p) => p.port === 6379));
    expect(valkey).toHaveLength(1);
    const valkeyPeers = valkey[0]!.to ?? [];
    expect(valkeyPeers).toHaveLength(1);
    const redisUrl = portalEnv(objects).REDIS_URL;
    expect(redisUrl).toBeDefined();
    expect(new URL(redisUrl!).port).toBe("6379");
    if (new URL(redisUrl!).hostname === "valkey") {
      const service = spec<{ selector: Record<string, string>; ports: { port: number }[] }>(
        find(objects, "Service", "valkey"),
      );
      expect(valkeyPeers[0]!.podSelector?.matchLabels).toEqual(service.selector);
      expect(service.ports.map((p) => p.port)).toEqual([6379]);
    } else {
      expect(valkeyPeers[0]!.ipBlock?.cidr).toMatch(/^[\d.]+\/\d+$/);
    }
    const upstreamRules = egress.filter((r) => !dns.includes(r) && !valkey.includes(r));
    expect(upstreamRules).toHaveLength(1);
    const env = parseEnv(portalEnv(objects));
    const upstream = new URL(env.UPSTREAM_URL!);
    const upstreamPort = Number(upstream.port || (upstream.protocol === "https:" ? 443 : 80));
    // The demo's sandbox also serves the CMS stand-in its CMS municipality's menu and services redirect to.
    const cms = upstream.hostname === "sandbox" ? [{ port: 4001 }] : [];
    expect(upstreamRules[0]!.ports).toEqual([{ port: upstreamPort }, ...cms]);
    // The geocoder is the upstream's /geocoder/ or, when set, on the same host and port (one egress rule covers it).
    if (env.GEOCODER_URL) expect(new URL(env.GEOCODER_URL).host).toBe(upstream.host);
    const peers = upstreamRules[0]!.to ?? [];
    expect(peers).toHaveLength(1);
    if (upstream.hostname === "sandbox") {
      const service = spec<{ selector: Record<string, string>; ports: { port: number }[] }>(
        find(objects, "Service", "sandbox"),
      );
      expect(peers[0]!.podSelector?.matchLabels).toEqual(service.selector);
      expect(service.ports.map((p) => p.port)).toEqual([upstreamPort, 4001]);
    } else {
      expect(peers[0]!.ipBlock?.cidr).toMatch(/^[\d.]+\/\d+$/);
    }
  });
});

describe("the demo overlay", () => {
  const objects = rendered.demo;

  it("runs Valkey as a non-root StatefulSet on a read-only root, bounded, reached by the portal only", () => {
    type ValkeyPod = PodSpec & { containers: (Container & { args: string[] })[] };
    const set = spec<{ replicas: number; serviceName: string; template: { spec: ValkeyPod } }>(
      find(objects, "StatefulSet", "valkey"),
    );
    expect(set.replicas).toBe(1);
    expect(set.serviceName).toBe("valkey");
    const pod = set.template.spec;
    expect(pod.securityContext?.runAsNonRoot).toBe(true);
    const container = pod.containers[0]!;
    expect(container.image).toMatch(/^valkey\/valkey:/);
    expect(container.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ["ALL"] },
    });
    const arg = (name: string) => container.args[container.args.indexOf(name) + 1];
    expect(arg("--maxmemory-policy")).toBe("noeviction");
    // maxmemory stays below the memory limit (Valkey's own overhead on top).
    expect(Number(/^(\d+)mb$/.exec(arg("--maxmemory")!)?.[1])).toBeLessThan(
      mebibytes(container.resources.limits.memory!),
    );
    expect(arg("--save")).toBe("");
    // No snapshot: its /data is an emptyDir (valkey.yaml says why not a PVC), the only writable path.
    const data = container.volumeMounts?.find((m) => m.mountPath === "/data");
    expect(pod.volumes?.find((v) => v.name === data?.name)?.emptyDir).toBeDefined();
    expect(parseEnv(portalEnv(objects)).NODE_ENV).toBe("production");
    expect(portalEnv(objects).REDIS_URL).toBe("redis://valkey:6379");

    type Policy = {
      podSelector: { matchLabels: Record<string, string> };
      ingress?: { from: { podSelector?: { matchLabels: Record<string, string> } }[] }[];
    };
    const policy = spec<Policy>(find(objects, "NetworkPolicy", "valkey"));
    expect(policy.ingress?.flatMap((r) => r.from.map((f) => f.podSelector?.matchLabels))).toEqual([
      portal(objects).selector.matchLabels,
    ]);
  });

  it("runs the sandbox upstream as its own Deployment and Service, as docker-compose.yml does", () => {
    const env = parseEnv(portalEnv(objects));
    expect(env.UPSTREAM_URL).toBe("http://sandbox:4000");
    expect(env.DEMO_MODE).toBe(true);
    const sandbox = spec<DeploymentSpec>(find(objects, "Deployment", "sandbox"));
    const container = sandbox.template.spec.containers[0]!;
    expect(container.image).toBe(portalContainer(objects).image);
    const sandboxEnv = Object.fromEntries((container.env ?? []).map((v) => [v.name, v.value]));
    expect(sandboxEnv).toEqual(
      expect.objectContaining({
        SANDBOX_HOST: "0.0.0.0",
        SANDBOX_PORT: "4000",
        // The CMS stand-in, where comune-a's menu and services are redirected: reached by the portal by name.
        SANDBOX_CMS_PORT: "4001",
        SANDBOX_CMS_URL: "http://sandbox:4001",
      }),
    );
    expect(container.ports?.find((p) => p.name === "http")?.containerPort).toBe(4000);
    expect(container.ports?.find((p) => p.name === "cms")?.containerPort).toBe(4001);
    expect(container.readinessProbe?.httpGet?.path).toBe("/__sandbox/health");
    expect(container.securityContext?.readOnlyRootFilesystem).toBe(true);
    expect(sandbox.template.spec.securityContext?.runAsNonRoot).toBe(true);
  });

  it("mounts the repository's own tenants file", () => {
    const configMap = find(objects, "ConfigMap", "portal-tenants") as K8sObject & {
      data: Record<string, string>;
    };
    const repository = readFileSync(join(KUBERNETES_DIR, "../../config/tenants.json"), "utf8");
    expect(JSON.parse(configMap.data["tenants.json"]!)).toEqual(JSON.parse(repository));
  });
});

describe("the production overlay", () => {
  const objects = rendered.production;

  it("takes REDIS_URL (the external Valkey, with its password) from the Secret", () => {
    const variable = portalContainer(objects).env?.find((v) => v.name === "REDIS_URL");
    expect(variable?.value).toBeUndefined();
    expect(variable?.valueFrom?.secretKeyRef).toEqual({
      name: objects.find((o) => o.kind === "Secret")!.metadata.name,
      key: "REDIS_URL",
    });
    expect(objects.filter((o) => o.kind === "StatefulSet")).toEqual([]);
  });

  it("terminates TLS for exactly the tenants' hosts", () => {
    const configMap = find(objects, "ConfigMap", "portal-tenants") as K8sObject & {
      data: Record<string, string>;
    };
    const tenants = TenantsFileSchema.parse(JSON.parse(configMap.data["tenants.json"]!));
    const ingress = spec<{ tls: { hosts: string[]; secretName: string }[] }>(
      find(objects, "Ingress", "portal"),
    );
    expect(ingress.tls.flatMap((t) => t.hosts).sort()).toEqual(
      tenants.tenants.flatMap((t) => t.hosts).sort(),
    );
    expect(ingress.tls.map((t) => t.secretName)).toEqual(["portal-tls"]);
    expect(new URL(parseEnv(portalEnv(objects)).UPSTREAM_URL!).protocol).toBe("https:");
    expect(portalContainer(objects).image).toMatch(/:[\w.-]+$/);
  });
});

/** The portal's metrics, with their label names (a histogram's series: _bucket with `le`, _count, _sum). */
const EXPOSED: Map<string, Set<string>> = (() => {
  const metrics = createMetrics();
  const exposed = new Map<string, Set<string>>();
  for (const metric of metrics.registry.getMetricsAsArray()) {
    const {
      name,
      labelNames = [],
      type,
    } = metric as unknown as { name: string; labelNames?: string[]; type: string };
    exposed.set(name, new Set(labelNames));
    if (type === "histogram") {
      exposed.set(`${name}_bucket`, new Set([...labelNames, "le"]));
      exposed.set(`${name}_count`, new Set(labelNames));
      exposed.set(`${name}_sum`, new Set(labelNames));
    }
  }
  return exposed;
})();
/** The labels Prometheus adds to every series it scrapes through the ServiceMonitor. */
const TARGET_LABELS = ["namespace", "pod", "job", "instance", "service", "container", "endpoint"];

/**
 * What is wrong with an alert's PromQL as far as the portal's side goes: a metric it does not expose, a label that
 * metric does not have (in a selector or a `by`), unbalanced brackets.
 */
function checkExpression(expr: string): string[] {
  const problems: string[] = [];
  const balanced = [..."({["].every((open, i) => expr.split(open).length === expr.split(")}]"[i]!).length);
  if (!balanced) problems.push("unbalanced brackets");
  const used = new Set<string>();
  for (const [, name, selector = ""] of expr.matchAll(/\b((?:portal_|up\b)[a-z_]*)(?:\{([^}]*)\})?/g)) {
    const labels = name === "up" ? new Set<string>() : EXPOSED.get(name!);
    if (!labels) {
      problems.push(`${name} is not exposed`);
      continue;
    }
    used.add(name!);
    for (const [, label] of selector.matchAll(/([a-z_]+)\s*(?:=~|!~|!=|=)/g))
      if (!labels.has(label!) && !TARGET_LABELS.includes(label!))
        problems.push(`${name} has no label ${label}`);
  }
  if (used.size === 0 && !/\bup\b/.test(expr)) problems.push("reads no metric");
  const known = new Set([...used].flatMap((n) => [...(EXPOSED.get(n) ?? [])]));
  for (const [, list] of expr.matchAll(/\bby\s*\(([^)]*)\)/g))
    for (const label of list!.split(",").map((l) => l.trim()))
      if (!known.has(label) && !TARGET_LABELS.includes(label)) problems.push(`by (${label}): no such label`);
  return problems;
}

describe("the app behind the probes", () => {
  it("answers the probe paths the manifests use", async () => {
    const paths = new Set(
      OVERLAYS.flatMap((o) => {
        const c = portalContainer(rendered[o]);
        return [c.startupProbe, c.readinessProbe, c.livenessProbe].map((p) => p?.httpGet?.path);
      }),
    );
    const app = express().use(
      operationsRouter({
        tenants: createTenantHolder(
          createTenantDirectory([{ id: "comune-a", hosts: ["a.test"], upstreamHost: "a.test" }]),
        ),
        metrics: createMetrics(),
        checkTenant: () => "ready",
      }),
    );
    expect([...paths].sort()).toEqual(["/healthz", "/readyz"]);
    for (const path of paths) {
      const response = await request(app).get(path!);
      expect(response.status, path).toBe(200);
    }
  });
});

describe("the alerts' check", () => {
  it("refuses a metric the portal does not expose, a label it does not have, a `by` on a missing label", () => {
    expect(
      checkExpression('sum by (namespace) (rate(portal_requests_total{municipality!="none"}[5m]))'),
    ).toEqual([]);
    expect(checkExpression("rate(portal_nope_total[5m]) > 0")).toContain("portal_nope_total is not exposed");
    expect(checkExpression('portal_store_up{tenant="a"} == 0')).toEqual([
      "portal_store_up has no label tenant",
    ]);
    expect(checkExpression("sum by (tenant) (portal_shed_total)")).toEqual(["by (tenant): no such label"]);
  });
});

describe("the renderer", () => {
  it("names a generated Secret as kustomize does (api/hasher: the suffix of its own example)", () => {
    const secret = {
      apiVersion: "v1",
      kind: "Secret",
      metadata: { name: "my-secret" },
      type: "Opaque",
      data: { baz: "d2hhdGV2ZXI=", foo: "YmFy", initial: "d2hhdGV2ZXI=" },
    };
    expect(kustomizeHash(secret)).toBe("b22th6mh4g");
  });

  it("merges lists of named items like a strategic merge patch, and replaces other lists", () => {
    const target = {
      containers: [{ name: "a", env: [{ name: "X", value: "1" }], args: ["--one"] }],
      rules: [{ host: "old" }],
    };
    const patch = {
      containers: [{ name: "a", env: [{ name: "Y", value: "2" }], args: ["--two"] }],
      rules: [{ host: "new" }],
    };
    expect(strategicMerge(target, patch)).toEqual({
      containers: [
        {
          name: "a",
          env: [
            { name: "Y", value: "2" },
            { name: "X", value: "1" },
          ],
          args: ["--two"],
        },
      ],
      rules: [{ host: "new" }],
    });
    expect(target.containers[0]!.env).toHaveLength(1);
  });

  it("deletes a key the patch sets to null", () => {
    const target = { metadata: { annotations: { keep: "1", drop: "2" } } };
    expect(strategicMerge(target, { metadata: { annotations: { drop: null } } })).toEqual({
      metadata: { annotations: { keep: "1" } },
    });
  });
});

describe("the ingress's page cache", () => {
  /** The directives of an nginx file or snippet: comment and blank lines dropped, indentation trimmed. */
  const directives = (text: string) =>
    text
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#"));
  const shipped = (file: string) => directives(readFileSync(join(KUBERNETES_DIR, "../nginx", file), "utf8"));

  it("is deploy/nginx/page-cache.conf in the Ingress and page-cache-http.conf in the controller's ConfigMap", () => {
    const ingress = parse(readFileSync(join(KUBERNETES_DIR, "base/ingress.yaml"), "utf8")) as K8sObject;
    const annotations = ingress.metadata.annotations as Record<string, string>;
    expect(directives(annotations["nginx.ingress.kubernetes.io/configuration-snippet"]!)).toEqual(
      shipped("page-cache.conf"),
    );
    // Pages stream (proxy buffering off): an anonymous public page asks for buffering itself (X-Accel-Buffering).
    expect(annotations["nginx.ingress.kubernetes.io/proxy-buffering"]).toBe("off");
    const controller = parse(
      readFileSync(join(KUBERNETES_DIR, "ingress-nginx/controller-configmap.yaml"), "utf8"),
    ) as K8sObject & { data: Record<string, string> };
    expect(directives(controller.data["http-snippet"]!)).toEqual(shipped("page-cache-http.conf"));
    expect(controller.data["allow-snippet-annotations"]).toBe("true");
  });
});
