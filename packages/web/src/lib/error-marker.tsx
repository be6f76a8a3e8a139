/**
 * The error mark "❌" of the form's messages (SPEC 8), drawn so that it shows on every system: the character
 * stays in the text (copying, searching and screen readers get the spec's text), but it is painted
 * transparent and a drawn cross (app.css .error-marker) takes its place, since systems without an emoji font
 * show the bare character as an empty box.
 */
const ERROR_MARK = '❌';

export function ErrorMarker({ hidden = true }: { hidden?: boolean }) {
  return (
    <span className="error-marker" aria-hidden={hidden || undefined}>
      <span className="error-marker__glyph">{ERROR_MARK}</span>
    </span>
  );
}

/** A message that may start with the mark ("❌ No podés avanzar..."): the mark drawn, the rest as text. */
export function MarkedText({ text }: { text: string }) {
  if (!text.startsWith(ERROR_MARK)) return text;
  return (
    <>
      <ErrorMarker hidden={false} />
      {text.slice(ERROR_MARK.length)}
    </>
  );
}
