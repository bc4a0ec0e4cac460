/**
 * Escaping of GitHub Actions workflow commands (`::error file=…,line=…::message`), as the Actions toolkit does
 * it: in the message `%`, CR and LF are percent-encoded, so spec text cannot end the command or start another
 * on a new line; in a property also `:` and `,`, which would end the property list or start another property.
 */
export function escapeCommandData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeCommandProperty(text: string): string {
  return escapeCommandData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
