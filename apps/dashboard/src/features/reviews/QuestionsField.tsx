import { ActionIcon, Badge, Button, Checkbox, Group, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { QuestionType } from '@campsite/shared';
import { REVIEW_LIMITS, REVIEWS, selectAnswers } from '@campsite/shared';
import type { ContractForm } from '../../components/form';
import { TranslatedInput } from '../../components/translated';
import { newQuestion, type ModelValues } from './model-values';

const QUESTION_TYPES: { value: QuestionType; label: string }[] = [
  { value: 'text', label: REVIEWS.questionText },
  { value: 'notation', label: REVIEWS.questionNotation },
  { value: 'select', label: REVIEWS.questionSelect },
];

/** The questionnaire's 1 to 10 questions (001 §3, §5): type, mandatory, title per language, a select's answers. */
export function QuestionsField({ form: f }: { form: ContractForm<ModelValues> }) {
  const questions = f.form.values.questions;
  const error = f.form.errors.questions as string | undefined;
  const add = () => {
    if (questions.length >= REVIEW_LIMITS.questions) return f.form.setFieldError('questions', REVIEWS.atMostTenQuestions);
    f.form.insertListItem('questions', newQuestion());
  };
  return (
    <Stack gap="xs" data-path="questions" tabIndex={-1}>
      <Text fw={600} size="sm" component="h3">
        Questions ({questions.length} / {REVIEW_LIMITS.questions})
      </Text>
      {questions.map((q, i) => {
        const n = i + 1;
        const answers = selectAnswers(q.select_list[f.lang]);
        return (
          <Paper key={q._id ?? `new-${i}`} withBorder p="sm" radius="sm" role="group" aria-label={`Question ${n}`}>
            <Group align="flex-end" gap="sm" mb="xs" wrap="wrap">
              <Select label={`Type de la question ${n}`} data={QUESTION_TYPES} allowDeselect={false} w={190} {...f.form.getInputProps(`questions.${i}.type`)} />
              <Checkbox label="Obligatoire" mb={8} {...f.form.getInputProps(`questions.${i}.mandatory`, { type: 'checkbox' })} />
              <Group gap={4} ml="auto" mb={4}>
                <Tooltip label="Monter">
                  <ActionIcon variant="subtle" aria-label={`Monter la question ${n}`} disabled={i === 0} onClick={() => f.form.reorderListItem('questions', { from: i, to: i - 1 })}>
                    <IconArrowUp size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Descendre">
                  <ActionIcon variant="subtle" aria-label={`Descendre la question ${n}`} disabled={i === questions.length - 1} onClick={() => f.form.reorderListItem('questions', { from: i, to: i + 1 })}>
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Supprimer">
                  <ActionIcon variant="subtle" color="red" aria-label={`Supprimer la question ${n}`} onClick={() => f.form.removeListItem('questions', i)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
            <Stack gap="xs">
              <TranslatedInput form={f} field={`questions.${i}.title`} label={`Question ${n}`} max={REVIEW_LIMITS.questionTitle} />
              {q.type === 'select' && (
                <>
                  <TranslatedInput form={f} field={`questions.${i}.select_list`} label={`Réponses possibles ${n}`} placeholder="Séparées par des virgules : Oui, Non, Peut-être" />
                  <Group gap={6} aria-label={`Réponses proposées à la question ${n}`} role="list">
                    {answers.map((a, k) => (
                      <Badge key={k} variant="light" role="listitem" color={a.length > REVIEW_LIMITS.selectAnswer ? 'red' : undefined} tt="none">
                        {a}
                      </Badge>
                    ))}
                    <Text size="xs" c="dimmed">
                      {answers.length} réponse{answers.length > 1 ? 's' : ''} (de {REVIEW_LIMITS.selectMin} à {REVIEW_LIMITS.selectMax}, {REVIEW_LIMITS.selectAnswer} caractères au plus)
                    </Text>
                  </Group>
                </>
              )}
            </Stack>
          </Paper>
        );
      })}
      {error && (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={add}>
          Ajouter une question
        </Button>
      </Group>
    </Stack>
  );
}
