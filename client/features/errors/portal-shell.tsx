import type { ReactNode } from "react";
import { useOptionalRootData } from "#client/lib/root-data.ts";

/** Temporary shell: replaced by the Modello Comuni header and footer. */
export function PortalShell({ children }: { children: ReactNode }) {
  const data = useOptionalRootData();
  return (
    <>
      {data?.env.sandbox ? <div className="alert alert-warning mb-0">Ambiente dimostrativo</div> : null}
      <header>
        <div className="container py-3">
          <span className="h4">{data?.comune.nome ?? "Portale del Cittadino"}</span>
        </div>
      </header>
      <main id="main-container">{children}</main>
      <footer id="footer" className="it-footer" />
    </>
  );
}
