// The icons' shapes wherever they are needed at once: on the server, in development, in the tests. The browser's
// production bundle gets an empty module instead (build-tools/purge-sprite.ts) and loads client/components/
// icon-symbols.ts on its own when it needs it (client/components/ui/icon.tsx).
import { iconSymbols } from "./icon-symbols.ts";

export const eagerIconSymbols: ReadonlyMap<string, string> | undefined = iconSymbols;
