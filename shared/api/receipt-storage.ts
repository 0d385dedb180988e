import { z } from "zod";

/** `GET /api/ppay/citizens/{cf}`: whether PPAY files the citizen's receipts among their documents. */
export const ReceiptStorageSchema = z
  .object({ flag: z.boolean(), dataUltimaVariazione: z.string().nullish() })
  .loose();
export type ReceiptStorage = z.infer<typeof ReceiptStorageSchema>;

export interface ReceiptStorageApi {
  get(cf: string): Promise<ReceiptStorage>;
  set(cf: string, enabled: boolean): Promise<void>;
}
