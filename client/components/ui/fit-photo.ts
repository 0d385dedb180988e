import { ATTACHMENT_MAX_BYTES, type AttachmentRules } from "#shared/validation/attachments.ts";

/**
 * A phone's photo is often 3–8 MB, over the 2 MB a file field accepts (spec §5): a citizen reporting a broken street
 * light from his phone could not attach the picture he had just taken. With JavaScript, a PNG or JPEG photo over the
 * limit is redrawn in the browser as a JPEG small enough to be accepted (its longest side at most `MAX_EDGE` pixels,
 * smaller still until it fits) before the form holds it; the server checks the result as any other file. Without
 * JavaScript, or for an image the browser cannot read, the file is refused as before, with the same message.
 */

/** The longest side of a redrawn photo: sharp enough to read a street sign or a document, a few hundred KB. */
export const MAX_EDGE = 2560;
/** The JPEG quality of a redrawn photo. */
const QUALITY = 0.85;
/** Each further try draws the photo this much smaller. */
const SHRINK = 0.75;
const TRIES = 6;

/** Whether `file` is a photo over the field's limit that may be redrawn as a JPEG the field accepts. */
export function mayFitPhoto(
  file: { name: string; size: number; type: string },
  rules: AttachmentRules,
): boolean {
  const maxBytes = rules.maxBytes ?? ATTACHMENT_MAX_BYTES;
  if (file.size <= maxBytes) return false;
  if (rules.allowed && !rules.allowed.includes("jpeg")) return false;
  const image = file.type === "image/jpeg" || file.type === "image/png" || /\.(jpe?g|png)$/i.test(file.name);
  return image;
}

/** The redrawn photo's name: the same name, as a JPEG ("foto.png" → "foto.jpg"). */
export function jpegName(name: string): string {
  const dot = name.lastIndexOf(".");
  return `${dot > 0 ? name.slice(0, dot) : name || "foto"}.jpg`;
}

/** `file` redrawn as a JPEG of at most the field's size, or null when the browser cannot read or shrink it enough. */
export async function fitPhoto(file: File, rules: AttachmentRules): Promise<File | null> {
  const maxBytes = rules.maxBytes ?? ATTACHMENT_MAX_BYTES;
  let bitmap: ImageBitmap;
  try {
    // Turned as the camera's orientation says (`imageOrientation` is "from-image" by default).
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    let scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
    for (let attempt = 0; attempt < TRIES; attempt++, scale *= SHRINK) {
      const blob = await drawnAsJpeg(bitmap, scale);
      if (blob && blob.size <= maxBytes)
        return new File([blob], jpegName(file.name), { type: "image/jpeg", lastModified: file.lastModified });
    }
    return null;
  } finally {
    bitmap.close();
  }
}

/** The bitmap drawn at `scale` on white (a PNG's transparent parts), as a JPEG; null when the browser cannot. */
function drawnAsJpeg(bitmap: ImageBitmap, scale: number): Promise<Blob | null> {
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext("2d");
  if (!context) return Promise.resolve(null);
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", QUALITY));
}
