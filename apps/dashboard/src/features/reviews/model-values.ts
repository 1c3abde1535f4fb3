import type { QuestionType, ReviewModelType } from '@campsite/shared';
import { NOTIFICATION_TIMES, REVIEWS } from '@campsite/shared';
import { langTexts, type LangTexts } from '../../components/form';

/** The questionnaire form's values and choices (ModelForm, QuestionsField, the cards). */

export interface QuestionValues {
  /** kept on update: the collected answers and the statistics refer to it */
  _id?: string;
  type: QuestionType;
  mandatory: boolean;
  title: LangTexts;
  select_list: LangTexts;
}

export interface ModelValues extends Record<string, unknown> {
  name: string;
  /** 'off' stands for the spec's '' (a select cannot hold an empty value) */
  type: 'off' | 'global' | 'service';
  /** type 'service' (issue 32): the service whose slots it follows */
  service: string | null;
  /** seconds after departure, as the select holds it */
  notification_time: string;
  title: LangTexts;
  introduction: LangTexts;
  notification_title: LangTexts;
  notification_content: LangTexts;
  questions: QuestionValues[];
}

/** 001 §3: a new question is a mandatory text. */
export const newQuestion = (): QuestionValues => ({ type: 'text', mandatory: true, title: langTexts(undefined, 'title'), select_list: langTexts(undefined, 'select_list') });

/** The delay's choices (001 §3, §9: instant to 5 days after departure). */
export const DELAYS = NOTIFICATION_TIMES.map((t) => ({
  value: String(t.seconds),
  label: t.seconds === 0 ? 'Instantané (le jour du départ)' : `${t.seconds / 86400} jour${t.seconds > 86400 ? 's' : ''} après le départ`,
}));
export const delayLabel = (seconds: number) => DELAYS.find((d) => d.value === String(seconds))?.label ?? `${Math.round(seconds / 86400)} jours après le départ`;

/** The same delays after a booked slot ends (issue 32). */
export const SLOT_DELAYS = DELAYS.map((d) => ({ value: d.value, label: d.value === '0' ? 'Instantané (à la fin du créneau)' : d.label.replace('après le départ', 'après le créneau') }));
export const slotDelayLabel = (seconds: number) => SLOT_DELAYS.find((d) => d.value === String(seconds))?.label ?? delayLabel(seconds);

export const TYPES = [
  { value: 'off', label: REVIEWS.typeDisabled },
  { value: 'global', label: REVIEWS.typeGlobal },
  { value: 'service', label: REVIEWS.typeService },
];
export const typeLabel = (t: ReviewModelType) => (t === 'global' ? REVIEWS.typeGlobal : t === 'service' ? REVIEWS.typeService : REVIEWS.typeDisabled);

