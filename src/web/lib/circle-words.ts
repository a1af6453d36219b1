/** "Roshan", "Roshan and Mehr", "Roshan, Mehr and Farah". */
export function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Where an entry is shared, in words (docs/product.md#reading-circles): "Private", "Shared with
 * friends", "Shared with Family", "Shared with friends and Family". A circle the reader has left
 * since is not named.
 */
export function sharingInWords(isPublic: boolean, circleNames: readonly string[]): string {
  const with_ = [...(isPublic ? ['friends'] : []), ...circleNames];
  return with_.length === 0 ? 'Private' : `Shared with ${namesInWords(with_)}`;
}

/** A person's first name, as an appreciation note names them. */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

/** "Roshan and Mehr appreciated your reflection on day 91". */
export function appreciatedLine(fullNames: readonly string[], dayNumber: number): string {
  return `${namesInWords(fullNames.map(firstName))} appreciated your reflection on day ${dayNumber}`;
}
