// SPEC.md's strength meter: five checks behind a label, four requirements listed with ticks.
import { List, Progress, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { PASSWORD_REQUIREMENTS, passwordStrength } from '#common/password.ts';

const COLOR = { 'Very weak': 'red', Weak: 'orange', Good: 'yellow', Strong: 'green' } as const;

export function PasswordStrengthMeter({ password }: { password: string }) {
  const strength = passwordStrength(password);
  return (
    <div aria-live="polite">
      <Progress value={(strength.checksMet / 5) * 100} color={COLOR[strength.label]} size="sm" aria-hidden />
      <Text size="sm" mt={4} data-testid="password-strength">
        Strength: {password ? strength.label : '—'}
      </Text>
      <List size="sm" spacing={2} mt={4} center>
        {PASSWORD_REQUIREMENTS.map((requirement) => {
          const met = strength.checks[requirement.id];
          return (
            <List.Item
              key={requirement.id}
              icon={
                <ThemeIcon size={16} radius="xl" color={met ? 'green' : 'gray'} aria-hidden>
                  {met ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
              }
            >
              <Text size="sm" span>
                {requirement.text}
                <Text span className="visually-hidden">
                  {met ? ' (met)' : ' (not met)'}
                </Text>
              </Text>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
