import { useEffect } from 'react';
import { Box } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { config, fileUrl, users } from '@campsite/shared';
import { api } from '@campsite/shared/client';
import { keyOf } from '../lib/query';
import { tabTitle } from '../shell/titles';
import classes from './LoginScreen.module.css';
import { SignInCard } from './SignInCard';

/** 000 §2.3: login, password, 'Se connecter', a welcome heading and the establishment's background. */
export function LoginScreen() {
  const client = useQueryClient();
  const publicConfig = useQuery({ queryKey: keyOf(config.public), queryFn: () => api(config.public), retry: false });
  const establishment = publicConfig.data?.establishment;
  useEffect(() => {
    document.title = establishment ? tabTitle('Connexion', establishment) : 'Connexion';
  }, [establishment]);

  const background = publicConfig.data?.background;
  return (
    <Box className={classes.page} style={background ? { backgroundImage: `url(${fileUrl(background, 1920)})` } : undefined}>
      <SignInCard
        title="Bienvenue"
        subtitle={establishment ? `Espace de gestion · ${establishment}` : 'Espace de gestion de votre établissement'}
        signIn={async (login, password) => {
          const user = await api(users.login, { login, password });
          if (user !== false) client.setQueryData(keyOf(users.session), user);
          return user !== false;
        }}
      />
    </Box>
  );
}
