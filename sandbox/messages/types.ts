/** One message of the Notify message store (contract §7 "Message store"), as the sandbox keeps it. */
export type StoredMessage = {
  id: string;
  user_id: string;
  mex: { title: string; body: string; call_to_action?: string };
  /** Comma-separated, e.g. "citfac,c_v001" (a soft-deleted message also has "deleted"). */
  tag: string;
  read_at: string | null;
  timestamp: string;
  /** The notify service (preferences `GET services` name) that sent it. */
  sender?: string;
  correlation_id?: string;
};

/** Per citizen (fiscal code), newest or oldest in any order: the engine sorts. */
export type MessagesState = Record<string, StoredMessage[]>;
