import { Box, Grid, Stack, Switch, Text } from '@chakra-ui/react';
import { CHANNEL_LABELS, NOTIFICATION_CHANNELS } from '@clubroom/rules/notifications';
import { useId } from 'react';
import type { NotificationSettings_SettingsFragment } from '../../gql/graphql';
import { notifyError } from '../../lib/toaster';
import { errorMessageOf } from '../../lib/user-errors';
import { MATRIX_TEXTS } from './notifications-settings-texts';
import { useUpdatePreference, type PreferenceChange } from './use-notification-settings-mutations';

type Settings = NotificationSettings_SettingsFragment;
type KindRow = Settings['preferences'][number];
type Cell = KindRow['channels'][number];

/** The GraphQL channel's column, in the rules' order ('In the app', 'Email', 'Push'). */
const COLUMNS = NOTIFICATION_CHANNELS.map((channel) => ({ channel: channel.toUpperCase() as Cell['channel'], label: CHANNEL_LABELS[channel] }));

/** A matrix on a wide screen (the kind, then a column per channel); on a phone each kind's
 *  switches sit under it, each with its channel's name. */
const ROW_COLUMNS = { base: 'repeat(3, minmax(0, 1fr))', md: 'minmax(0, 1fr) repeat(3, 6.5rem)' };

/** One row per kind of notification, one switch per channel; each switch saves at once. */
export function NotificationMatrix({ settings }: { settings: Settings }) {
  const updatePreference = useUpdatePreference();

  const toggle = async (change: PreferenceChange) => {
    try {
      await updatePreference(settings, change);
    } catch (error) {
      // The optimistic switch has already moved back: the cache holds the server's state again.
      console.error('Saving a notification preference failed:', error);
      notifyError(MATRIX_TEXTS.failedTitle, errorMessageOf(error) ?? MATRIX_TEXTS.failed);
    }
  };

  return (
    <Box>
      {/* The column heads, for the eye only: every switch is named by its channel and kind. */}
      <Grid aria-hidden="true" hideBelow="md" templateColumns={ROW_COLUMNS} gap="3" pb="2" borderBottomWidth="1px" textStyle="sm" fontWeight="medium">
        <Text>{MATRIX_TEXTS.kindColumn}</Text>
        {COLUMNS.map((column) => (
          <Text key={column.channel} textAlign="center">
            {column.label}
          </Text>
        ))}
      </Grid>
      <Box as="ul" listStyleType="none" aria-label={MATRIX_TEXTS.heading}>
        {settings.preferences.map((row) => (
          <Grid
            as="li"
            key={row.kind}
            templateColumns={ROW_COLUMNS}
            columnGap="3"
            rowGap="2"
            py="3"
            borderBottomWidth="1px"
            _last={{ borderBottomWidth: '0' }}
            alignItems={{ base: 'start', md: 'center' }}
          >
            <Box gridColumn={{ base: '1 / -1', md: 'auto' }}>
              <Text fontWeight="medium">{row.label}</Text>
              <Text textStyle="sm" color="fg.muted">
                {row.description}
              </Text>
            </Box>
            {COLUMNS.map((column) => {
              const cell = row.channels.find((candidate) => candidate.channel === column.channel);
              return (
                <Stack key={column.channel} gap="1" align={{ base: 'flex-start', md: 'center' }}>
                  <Text hideFrom="md" textStyle="xs" color="fg.muted" aria-hidden="true">
                    {column.label}
                  </Text>
                  {cell && (
                    <ChannelSwitch
                      cell={cell}
                      name={MATRIX_TEXTS.switchName(column.label, row.label)}
                      onChange={(enabled) => void toggle({ kind: row.kind, channel: cell.channel, enabled })}
                    />
                  )}
                </Stack>
              );
            })}
          </Grid>
        ))}
      </Box>
    </Box>
  );
}

/** A kind × channel switch; one the member cannot change shows its state, disabled, and why
 *  ('Always on' for a required channel, 'Not used' for one the kind never uses). */
function ChannelSwitch({ cell, name, onChange }: { cell: Cell; name: string; onChange: (enabled: boolean) => void }) {
  const noteId = useId();
  const note = cell.choosable ? null : cell.enabled ? MATRIX_TEXTS.alwaysOn : MATRIX_TEXTS.notUsed;
  return (
    <Stack gap="1" align={{ base: 'flex-start', md: 'center' }}>
      <Switch.Root checked={cell.enabled} disabled={!cell.choosable} onCheckedChange={(details) => onChange(details.checked)} colorPalette="teal" size="sm">
        {/* Named by kind and channel (every row has the same three switches); the empty
            labelledby lets aria-label win over the label element Ark points at. */}
        <Switch.HiddenInput aria-label={name} aria-labelledby="" aria-describedby={note ? noteId : undefined} />
        <Switch.Control />
      </Switch.Root>
      {note && (
        <Text id={noteId} textStyle="xs" color="fg.muted" whiteSpace="nowrap">
          {note}
        </Text>
      )}
    </Stack>
  );
}
