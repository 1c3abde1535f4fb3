import { Box, Image, Paper, Stack, Text } from '@mantine/core';
import type { Section } from '@campsite/shared';
import { fileUrl, pickTranslation } from '@campsite/shared';
import { IconImage } from '../../components/IconPicker';

type PreviewSection = Pick<Section, 'icon' | 'prev' | 'phone' | 'email' | 'website' | 'localisation' | 'facebook' | 'instagram' | 'translations'>;

const LINKS: { field: keyof PreviewSection; label: string }[] = [
  { field: 'phone', label: 'Appeler' },
  { field: 'email', label: 'E-mail' },
  { field: 'website', label: 'Site web' },
  { field: 'localisation', label: 'Itinéraire' },
  { field: 'facebook', label: 'Facebook' },
  { field: 'instagram', label: 'Instagram' },
];

/** A phone-sized card: the page as the guest app will show it, in the chosen language. */
export function PhoneFrame({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <Paper withBorder radius={28} p={10} w={320} maw="100%" mx="auto" bg="dark.7" aria-label={label} role="figure">
      <Box bg="white" style={{ borderRadius: 20, overflow: 'hidden', minHeight: 520 }}>
        {children}
      </Box>
    </Paper>
  );
}

export function PagePreview({ title, cover, sections, lang, defaultLang, button }: { title: string; cover: string | null; sections: PreviewSection[]; lang: string; defaultLang: string; button?: string }) {
  return (
    <PhoneFrame label="Aperçu de la page">
      {cover ? <Image src={fileUrl(cover, 720)} alt="" h={140} fit="cover" /> : <Box h={56} bg="gray.2" />}
      <Stack gap="sm" p="sm">
        <Text fw={700} size="lg">
          {title}
        </Text>
        {sections.map((s, i) => (
          <Paper key={i} withBorder radius="md" p="sm">
            <Stack gap={6}>
              <Box style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <IconImage file={s.prev} size={22} />
                <Text fw={600} size="sm">
                  {pickTranslation(s.translations, lang, defaultLang, 'title')}
                </Text>
              </Box>
              <Box fz="sm" className="booklet-preview-html" dangerouslySetInnerHTML={{ __html: pickTranslation(s.translations, lang, defaultLang, 'html') }} />
              {LINKS.some((l) => s[l.field]) && (
                <Box style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
                  {LINKS.filter((l) => s[l.field]).map((l) => (
                    <Text key={l.field} span size="xs" px={8} py={2} bg="blue.0" c="blue.8" style={{ borderRadius: 12 }}>
                      {l.label}
                    </Text>
                  ))}
                </Box>
              )}
            </Stack>
          </Paper>
        ))}
        {button && (
          <Box bg="blue.6" c="white" ta="center" py={8} fw={600} fz="sm" style={{ borderRadius: 8 }}>
            {button}
          </Box>
        )}
      </Stack>
    </PhoneFrame>
  );
}
