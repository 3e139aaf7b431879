// The simulator speaks the platform's own protocol library, so both sides share one definition.
export * from '@fleet/protocols';
