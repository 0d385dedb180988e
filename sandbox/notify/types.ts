/** What Notify ("notify-preferences") keeps about one citizen; keyed by fiscal code in `NotifyState.users`. */
export type NotifyContactsRecord = {
  email: string | null;
  /** "0039…" */
  sms: string | null;
  phone: string | null;
  push: Record<string, string[]> | null;
  language: "it_IT" | "en_GB";
  interests: string | null;
};

export type NotifyTerms = { accepted_at: string; hashed_terms: string };

export type NotifyUser = {
  contacts: NotifyContactsRecord | null;
  terms: NotifyTerms | null;
  /** Service name → enabled channels ("email,sms"). */
  preferences: Record<string, string>;
};

export type NotifyState = { users: Record<string, NotifyUser> };
