/** The Mappings cell: "amazon: 9482558032; mercadolibre: MLM1111", one entry per channel. */

export interface Mapping {
  channel: string;
  channelCategoryId: string;
}

export const MAPPING_SEPARATOR = '; ';

/** The cell text of a category's mappings, by channel. */
export function mappingsText(mappings: readonly Mapping[]): string {
  return [...mappings]
    .sort((a, b) => (a.channel < b.channel ? -1 : a.channel > b.channel ? 1 : 0))
    .map((m) => `${m.channel}: ${m.channelCategoryId}`)
    .join(MAPPING_SEPARATOR);
}

/** Reads a Mappings cell back (entries it cannot read are dropped). */
export function parseMappings(text: string): Mapping[] {
  const out: Mapping[] = [];
  for (const part of text.split(';')) {
    const at = part.indexOf(':');
    if (at <= 0) continue;
    const channel = part.slice(0, at).trim();
    const channelCategoryId = part.slice(at + 1).trim();
    if (channel && channelCategoryId) out.push({ channel, channelCategoryId });
  }
  return out;
}

/** The mappings with `mapping` replacing any earlier one of its channel (as the hub does). */
export function withMapping(mappings: readonly Mapping[], mapping: Mapping): Mapping[] {
  return [...mappings.filter((m) => m.channel !== mapping.channel), mapping];
}
