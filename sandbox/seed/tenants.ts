import type { SandboxTenant } from "../types.ts";
import { comuneA } from "./comune-a.ts";
import { comuneB } from "./comune-b.ts";
import { comuneC } from "./comune-c.ts";

export const sandboxTenants: readonly SandboxTenant[] = [comuneA, comuneB, comuneC];
