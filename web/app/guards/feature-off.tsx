// Shown on a page whose area the company switched off: says why and who can switch it back on.
import { Alert, Anchor, Container } from '@mantine/core';
import { Link } from 'react-router';
import type { TFeature } from '#common/label-config.ts';

const AREA_LABEL: Record<TFeature, string> = {
  build: 'Build',
  quality: 'Quality',
  inventory: 'Inventory',
  time: 'Time',
  maintenance: 'Maintenance',
};

export function FeatureOff({ feature }: { feature: TFeature }) {
  return (
    <Container size="sm" py="xl">
      <Alert
        title={`${AREA_LABEL[feature]} is switched off`}
        color="yellow"
        role="alert"
        styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
      >
        Your company has switched the {AREA_LABEL[feature]} area off. An admin can switch it back on under
        Admin → Config.{' '}
        <Anchor component={Link} to="/help" underline="always">
          Go to Help
        </Anchor>
      </Alert>
    </Container>
  );
}
