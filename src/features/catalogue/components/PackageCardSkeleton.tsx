import { Skeleton } from '@/ui/Skeleton';

/** The card's shape while the packages load: same picture box and line heights, so nothing moves. */
export function PackageCardSkeleton() {
  return (
    <div className="catalogue-card catalogue-card--skeleton" aria-hidden="true">
      <div className="catalogue-gallery">
        <Skeleton className="catalogue-skeleton__picture" height="auto" />
      </div>
      <div className="catalogue-card__body">
        <Skeleton variant="text" width="70%" className="catalogue-skeleton__title" />
        <Skeleton variant="text" width="45%" className="catalogue-skeleton__price" />
        <Skeleton height={56} className="catalogue-skeleton__button" />
        <Skeleton variant="text" lines={2} />
        <Skeleton variant="text" width="30%" />
        <Skeleton variant="text" width="55%" />
        <Skeleton variant="text" width="85%" />
      </div>
    </div>
  );
}
