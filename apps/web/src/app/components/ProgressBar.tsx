import { useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { activity } from '../api/activity';
import classes from './ProgressBar.module.css';

/** The 2 px bar at the top: visible while navigating or while requests are in flight. */
export function ProgressBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = useSyncExternalStore(activity.subscribe, activity.count, activity.count);
  const busy = pending > 0 || navigation.state !== 'idle';
  if (!busy) return null;
  return (
    <div className={classes.track} role="progressbar" aria-label={t('common.loading')} aria-busy="true">
      <div className={classes.bar} />
    </div>
  );
}
