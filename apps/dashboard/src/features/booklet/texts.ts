import { pickTranslation } from '@campsite/shared';

export { moved } from '../../lib/moved';

/** An item's name in a language, else the default, else any (001 §4). */
export const nameIn = (list: readonly ({ lang: string } & Record<string, unknown>)[] | undefined, lang: string, field = 'name') =>
  pickTranslation(list as never, lang, lang, field);
