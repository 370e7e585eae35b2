/**
 * Characters that show nothing, or change how the text around them shows: bidirectional controls
 * (a key "\u202Eetad" reads "date" backwards), zero-width characters, other format controls and
 * control codes. Shown as they are, a key could pass for another, or a value hide a part of
 * itself; the views show each as a marked escape instead.
 */
// Control and joining characters are what this pattern is for, not a mistake in it.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF9-\uFFFB]/g;

const NAMES: Readonly<Record<number, string>> = {
  0x00ad: 'soft hyphen',
  0x061c: 'Arabic letter mark',
  0x200b: 'zero width space',
  0x200c: 'zero width non-joiner',
  0x200d: 'zero width joiner',
  0x200e: 'left-to-right mark',
  0x200f: 'right-to-left mark',
  0x202a: 'left-to-right embedding',
  0x202b: 'right-to-left embedding',
  0x202c: 'pop directional formatting',
  0x202d: 'left-to-right override',
  0x202e: 'right-to-left override',
  0x2060: 'word joiner',
  0x2066: 'left-to-right isolate',
  0x2067: 'right-to-left isolate',
  0x2068: 'first strong isolate',
  0x2069: 'pop directional isolate',
  0xfeff: 'zero width no-break space (byte order mark)',
};

export interface TextPiece {
  text: string;
  /** For an invisible character: its escape (`\u202E`) and what it is. */
  invisible?: { escape: string; name: string };
}

/** The text as pieces: runs of ordinary text, and each invisible character on its own. */
export function splitInvisibles(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const match of text.matchAll(INVISIBLE)) {
    if (match.index > at) pieces.push({ text: text.slice(at, match.index) });
    const code = match[0].charCodeAt(0);
    const escape = `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
    pieces.push({
      text: match[0],
      invisible: { escape, name: NAMES[code] ?? 'invisible character' },
    });
    at = match.index + 1;
  }
  if (at < text.length) pieces.push({ text: text.slice(at) });
  return pieces;
}
