import type { PackageWithEstimate } from '@contract/catalogue';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { packagesByCodesQuery } from '@/api/commerce';
import { isApiError } from '@/api/errors';
import { countryName } from '@/lib/countries';
import { ErrorView } from '@/ui/ErrorView';
import { Skeleton } from '@/ui/Skeleton';

export interface CatalogueGateProps {
  /** The packages the block prices; the route's loader has read the same list, so the server renders it. */
  codes: readonly string[];
  countryCode: string;
  /** Shown when a package is not sold in the buyer's country (e.g. the currency switch). */
  elsewhere?: ReactNode;
  /** Where it is sold instead, for the note. */
  soldWhere?: string;
  headingLevel?: 2 | 3;
  children: (packages: readonly PackageWithEstimate[]) => ReactNode;
}

/**
 * The prices of a business page from the catalogue: the block once the list is there (in the server's first HTML),
 * a placeholder while it loads, the error view with Retry when it fails, and a note where it is not sold.
 */
export function CatalogueGate({
  codes,
  countryCode,
  elsewhere,
  soldWhere = 'Business licences and kits are sold to venues in India; choose India to see their prices in INR.',
  headingLevel = 2,
  children,
}: CatalogueGateProps) {
  const list = useQuery(packagesByCodesQuery(codes, countryCode));
  if (list.data) {
    const sold = codes.every((code) => list.data.packages.some((p) => p.package_code === code));
    if (!sold) {
      return (
        <div className="business-elsewhere" role="note">
          <p>
            This is not sold in {countryName(countryCode)}. {soldWhere}
          </p>
          {elsewhere}
        </div>
      );
    }
    return <>{children(list.data.packages)}</>;
  }
  if (list.isError) {
    const error = list.error;
    return (
      <ErrorView
        headingLevel={headingLevel}
        {...(isApiError(error) ? { title: error.title, message: error.description } : {})}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  return (
    <div className="business-loading" role="status" aria-busy="true">
      <span className="visually-hidden">Loading the prices</span>
      <Skeleton variant="text" lines={3} />
    </div>
  );
}

/** The package of `code` in a list the gate has checked holds it. */
export function packageIn(packages: readonly PackageWithEstimate[], code: string): PackageWithEstimate {
  const pkg = packages.find((p) => p.package_code === code);
  if (!pkg) throw new Error(`${code} is not in the list`);
  return pkg;
}
