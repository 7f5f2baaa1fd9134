// Shown on a page whose area the company switched off: says why and who can switch it back on.
import { Alert, Anchor, Container } from '@mantine/core';
import { Link } from 'react-router';
import { FEATURE_LABELS, featureOffMessage, type TFeature } from '#common/label-config.ts';

export function FeatureOff({ feature }: { feature: TFeature }) {
  return (
    <Container size="sm" py="xl">
      <Alert
        title={`${FEATURE_LABELS[feature]} is switched off`}
        color="yellow"
        role="alert"
        styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
      >
        {featureOffMessage(feature)}{' '}
        <Anchor component={Link} to="/help" underline="always">
          Go to Help
        </Anchor>
      </Alert>
    </Container>
  );
}
