import type { Utente } from "#shared/api/user.ts";
import { LoginButton } from "./login-button.tsx";
import { UserMenu } from "./user-menu.tsx";

export type LoginAreaProps = {
  user: Utente | null;
  /** `/api/utenti/login?redirector=<encoded current path>`. */
  loginHref: string;
  /** Development only: behave as if logged out even when the upstream knows the user. */
  devLoggedOut?: boolean;
};

export function LoginArea({ user, loginHref, devLoggedOut = false }: LoginAreaProps) {
  return user && !devLoggedOut ? <UserMenu user={user} /> : <LoginButton href={loginHref} />;
}
