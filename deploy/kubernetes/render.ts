/**
 * A small renderer of this directory's kustomizations, for the manifests' tests (no kustomize binary in CI, and no
 * maintained npm package runs kustomize). It implements exactly the subset the base and the two overlays
 * use, and refuses any other field instead of ignoring it:
 * `resources` (files and directories), `namespace`, `labels` (metadata only, kustomize's `includeSelectors: false`),
 * `images` (`newName`/`newTag`), `configMapGenerator` from `files` and `secretGenerator` from `envs` (with kustomize's
 * name suffix hash, unless `disableNameSuffixHash` in the generator's `options` or in `generatorOptions`, and the
 * generated name put in the pods' references to it: env `secretKeyRef`/`configMapKeyRef`, `envFrom`, volumes), and
 * `patches` by `path` as a strategic merge of the simple cases: maps merged key by key, the lists whose
 * Kubernetes merge key is `name` (containers, env, volumes, volumeMounts) merged item by item, other lists replaced,
 * a null value deleting its key.
 * `kubectl kustomize deploy/kubernetes/overlays/<name>` gives the same objects (README.md next to this file).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { parseAllDocuments } from "yaml";

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> } & Record<string, unknown>;
} & Record<string, unknown>;

type Kustomization = {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  labels?: { pairs: Record<string, string> }[];
  resources?: string[];
  images?: { name: string; newName?: string; newTag?: string }[];
  generatorOptions?: GeneratorOptions;
  configMapGenerator?: { name: string; files: string[]; options?: GeneratorOptions }[];
  secretGenerator?: { name: string; envs: string[]; type?: string; options?: GeneratorOptions }[];
  patches?: { path: string }[];
};
type GeneratorOptions = { disableNameSuffixHash?: boolean };

/** Files the caller supplies in place of files that are not in the repository (a Secret's env file, in the tests). */
export type RenderOptions = { files?: Record<string, string> };

const KNOWN_FIELDS = new Set([
  "apiVersion",
  "kind",
  "namespace",
  "labels",
  "resources",
  "images",
  "generatorOptions",
  "configMapGenerator",
  "secretGenerator",
  "patches",
]);

/** Lists merged item by item on `name` by a strategic merge patch (their patchMergeKey in the Kubernetes API). */
const MERGE_BY_NAME = new Set(["containers", "initContainers", "env", "volumes", "volumeMounts"]);

/** Kinds without a namespace among those used here. */
const CLUSTER_SCOPED = new Set(["Namespace", "ClusterRole", "ClusterRoleBinding"]);

function readYamlDocuments(file: string): unknown[] {
  const documents = parseAllDocuments(readFileSync(file, "utf8"));
  return documents.map((d) => {
    if (d.errors.length > 0) throw new Error(`${file}: ${d.errors[0]!.message}`);
    return d.toJS() as unknown;
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asK8sObject(value: unknown, file: string): K8sObject {
  if (
    !isObject(value) ||
    typeof value.apiVersion !== "string" ||
    typeof value.kind !== "string" ||
    !isObject(value.metadata) ||
    typeof value.metadata.name !== "string"
  ) {
    throw new Error(`${file}: every document needs apiVersion, kind and metadata.name`);
  }
  return value as K8sObject;
}

/** A strategic merge of `patch` into `target` (a new value; neither argument is changed). */
export function strategicMerge(target: unknown, patch: unknown, key = ""): unknown {
  if (isObject(target) && isObject(patch)) {
    const merged: Record<string, unknown> = { ...target };
    for (const [k, v] of Object.entries(patch)) {
      // A null deletes the key (how a strategic merge patch removes e.g. an annotation).
      if (v === null) {
        delete merged[k];
        continue;
      }
      merged[k] = k in target ? strategicMerge(target[k], v, k) : structuredClone(v);
    }
    return merged;
  }
  if (Array.isArray(target) && Array.isArray(patch) && MERGE_BY_NAME.has(key)) {
    // Like kustomize: the items the patch adds come first, in the patch's order, then the target's (merged).
    const merged = target.map((item) => structuredClone(item) as unknown);
    const added: unknown[] = [];
    for (const item of patch) {
      const name = isObject(item) ? item.name : undefined;
      if (typeof name !== "string") throw new Error(`a patch's ${key} item has no name`);
      const at = merged.findIndex((m) => isObject(m) && m.name === name);
      if (at >= 0) merged[at] = strategicMerge(merged[at], item);
      else added.push(structuredClone(item));
    }
    return [...added, ...merged];
  }
  return structuredClone(patch);
}

function replaceImage(containers: unknown, images: NonNullable<Kustomization["images"]>): void {
  if (!Array.isArray(containers)) return;
  for (const container of containers) {
    if (!isObject(container) || typeof container.image !== "string") continue;
    const [name, tag] = container.image.split(":");
    const rule = images.find((i) => i.name === name);
    if (!rule) continue;
    container.image = `${rule.newName ?? name}:${rule.newTag ?? tag ?? "latest"}`;
  }
}

/** Renders the kustomization in `dir` (a directory holding kustomization.yaml) into its list of objects. */
export function renderKustomization(dir: string, options: RenderOptions = {}): K8sObject[] {
  const file = join(dir, "kustomization.yaml");
  const [raw] = readYamlDocuments(file);
  if (!isObject(raw)) throw new Error(`${file}: not a map`);
  const unknown = Object.keys(raw).filter((k) => !KNOWN_FIELDS.has(k));
  if (unknown.length > 0)
    throw new Error(`${file}: fields this renderer does not implement: ${unknown.join(", ")}`);
  const k = raw as Kustomization;

  let objects: K8sObject[] = [];
  for (const entry of k.resources ?? []) {
    const path = resolve(dir, entry);
    if (statSync(path).isDirectory()) objects.push(...renderKustomization(path, options));
    else objects.push(...readYamlDocuments(path).map((d) => asK8sObject(d, path)));
  }

  const read = (path: string) => {
    const full = resolve(dir, path);
    if (options.files?.[full] !== undefined) return options.files[full]!;
    if (!existsSync(full))
      throw new Error(`${file}: ${path} is missing (it is not in the repository: README.md)`);
    return readFileSync(full, "utf8");
  };
  const unhashed = (local?: GeneratorOptions) =>
    k.generatorOptions?.disableNameSuffixHash === true || local?.disableNameSuffixHash === true;
  /** Generated names: the name the manifests use → the name with kustomize's hash suffix. */
  const generatedNames = new Map<string, { kind: "ConfigMap" | "Secret"; name: string }>();
  const generate = (object: K8sObject, local?: GeneratorOptions) => {
    if (!unhashed(local)) {
      const name = `${object.metadata.name}-${kustomizeHash(object)}`;
      generatedNames.set(`${object.kind}/${object.metadata.name}`, { kind: object.kind as "Secret", name });
      object.metadata.name = name;
    }
    objects.push(object);
  };
  for (const generator of k.configMapGenerator ?? []) {
    const data: Record<string, string> = {};
    for (const source of generator.files) {
      const [key, path] = source.includes("=") ? source.split("=", 2) : [basename(source), source];
      data[key!] = read(path!);
    }
    generate(
      { apiVersion: "v1", kind: "ConfigMap", metadata: { name: generator.name }, data },
      generator.options,
    );
  }
  for (const generator of k.secretGenerator ?? []) {
    const data: Record<string, string> = {};
    for (const source of generator.envs)
      for (const [key, value] of parseEnvFile(read(source), source))
        data[key] = Buffer.from(value, "utf8").toString("base64");
    generate(
      {
        apiVersion: "v1",
        kind: "Secret",
        metadata: { name: generator.name },
        type: generator.type ?? "Opaque",
        data,
      },
      generator.options,
    );
  }

  for (const { path } of k.patches ?? []) {
    for (const doc of readYamlDocuments(resolve(dir, path))) {
      const patch = asK8sObject(doc, path);
      const at = objects.findIndex((o) => o.kind === patch.kind && o.metadata.name === patch.metadata.name);
      if (at < 0) throw new Error(`${file}: patch ${path} matches no ${patch.kind} ${patch.metadata.name}`);
      objects[at] = strategicMerge(objects[at], patch) as K8sObject;
    }
  }

  objects = objects.map((o) => {
    const object = structuredClone(o);
    if (k.namespace && !CLUSTER_SCOPED.has(object.kind)) object.metadata.namespace = k.namespace;
    for (const { pairs } of k.labels ?? []) {
      object.metadata.labels = { ...object.metadata.labels, ...pairs };
    }
    const spec = (object.spec as { template?: { spec?: Record<string, unknown> } } | undefined)?.template
      ?.spec;
    if (k.images) {
      replaceImage(spec?.containers, k.images);
      replaceImage(spec?.initContainers, k.images);
    }
    if (spec && generatedNames.size) renameReferences(spec, generatedNames);
    return object;
  });
  return objects;
}

/** kustomize's name suffix (api/hasher): sha256 of the object's kind, name, type and data as Go's json.Marshal writes them. */
export function kustomizeHash(object: K8sObject): string {
  const sorted = (value: unknown): unknown =>
    isObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, sorted(value[key])]),
        )
      : value;
  const fields =
    object.kind === "Secret"
      ? { data: object.data ?? "", kind: "Secret", name: object.metadata.name, type: object.type ?? "" }
      : { data: object.data ?? "", kind: "ConfigMap", name: object.metadata.name };
  // Go's encoder escapes <, > and & in strings.
  const json = JSON.stringify(sorted(fields)).replace(
    /[<>&]/g,
    (c) => `\\u00${c.charCodeAt(0).toString(16)}`,
  );
  const hex = createHash("sha256").update(json).digest("hex").slice(0, 10);
  return hex.replace(/[013ae]/g, (c) => ({ "0": "g", "1": "h", "3": "k", a: "m", e: "t" })[c]!);
}

/** KEY=VALUE lines (kustomize's `envs`): blank lines and `#` comments skipped, the value taken as written. */
function parseEnvFile(text: string, source: string): [string, string][] {
  return text
    .split("\n")
    .map((line) => line.replace(/\r$/, ""))
    .filter((line) => line.trim() !== "" && !line.trimStart().startsWith("#"))
    .map((line) => {
      const at = line.indexOf("=");
      if (at <= 0) throw new Error(`${source}: "${line.slice(0, 20)}…" is not KEY=VALUE`);
      return [line.slice(0, at).trim(), line.slice(at + 1)];
    });
}

/** Points a pod spec's references to generated ConfigMaps and Secrets at their generated (hashed) names. */
function renameReferences(spec: Record<string, unknown>, names: Map<string, { name: string }>) {
  const renamed = (kind: string, ref: unknown, field: string) => {
    if (!isObject(ref) || typeof ref[field] !== "string") return;
    const generated = names.get(`${kind}/${ref[field]}`);
    if (generated) ref[field] = generated.name;
  };
  for (const list of [spec.containers, spec.initContainers]) {
    for (const container of Array.isArray(list) ? list : []) {
      if (!isObject(container)) continue;
      for (const variable of Array.isArray(container.env) ? container.env : []) {
        const from = isObject(variable) ? variable.valueFrom : undefined;
        if (!isObject(from)) continue;
        renamed("Secret", from.secretKeyRef, "name");
        renamed("ConfigMap", from.configMapKeyRef, "name");
      }
      for (const source of Array.isArray(container.envFrom) ? container.envFrom : []) {
        if (!isObject(source)) continue;
        renamed("Secret", source.secretRef, "name");
        renamed("ConfigMap", source.configMapRef, "name");
      }
    }
  }
  for (const volume of Array.isArray(spec.volumes) ? spec.volumes : []) {
    if (!isObject(volume)) continue;
    renamed("Secret", volume.secret, "secretName");
    renamed("ConfigMap", volume.configMap, "name");
  }
}

/** This directory, for the tests and for `node deploy/kubernetes/render.ts <overlay>`. */
export const KUBERNETES_DIR = dirname(new URL(import.meta.url).pathname);

if (process.argv[1] && resolve(process.argv[1]) === resolve(KUBERNETES_DIR, "render.ts")) {
  const { stringify } = await import("yaml");
  const overlay = process.argv[2] ?? "demo";
  const objects = renderKustomization(join(KUBERNETES_DIR, "overlays", overlay));
  process.stdout.write(objects.map((o) => stringify(o)).join("---\n"));
}
