import { Box } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { OPERATOR, operatorCalls } from '@campsite/shared';
import { api } from '@campsite/shared/client';
import { keyOf } from '../lib/query';
import classes from '../app/LoginScreen.module.css';
import { SignInCard } from '../app/SignInCard';

/** The operator's sign-in: the staff's card and rules (the same throttle answers its 429 sentence). */
export function OperatorSignIn() {
  const client = useQueryClient();
  return (
    <Box className={classes.page} component="main">
      <SignInCard
        title={OPERATOR.title}
        subtitle="Les campings de la plateforme, leur formule et leur état"
        signIn={async (login, password) => {
          const operator = await api(operatorCalls.login, { login, password });
          if (operator !== false) client.setQueryData(keyOf(operatorCalls.session), operator);
          return operator !== false;
        }}
      />
    </Box>
  );
}
