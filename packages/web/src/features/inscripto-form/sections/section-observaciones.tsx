import { TextInput } from '../field-controls.tsx';

/** Section 11, "Observaciones". */
export function SectionObservaciones() {
  return <TextInput name="observaciones" kind="textarea" />;
}
