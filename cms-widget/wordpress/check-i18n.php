<?php
/**
 * Fails when a WordPress translation call in the plug-in (__, _e, esc_html__ …) has no text domain or another one
 * than 'linker', or translates something other than a literal string. Usage: php check-i18n.php DIR
 *
 * @package Linker
 */

$linker_calls = array(
	'__'         => 1,
	'_e'         => 1,
	'esc_html__' => 1,
	'esc_html_e' => 1,
	'esc_attr__' => 1,
	'esc_attr_e' => 1,
	'_x'         => 2,
	'_ex'        => 2,
	'esc_html_x' => 2,
	'esc_attr_x' => 2,
	'_n'         => 3,
	'_nx'        => 4,
);
$linker_bad  = array();
$linker_seen = 0;
$linker_it   = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $argv[1], FilesystemIterator::SKIP_DOTS ) );
foreach ( $linker_it as $linker_file ) {
	if ( 'php' !== $linker_file->getExtension() ) {
		continue;
	}
	$linker_tokens = array_values(
		array_filter(
			token_get_all( file_get_contents( $linker_file->getPathname() ) ),
			function ( $t ) {
				return ! is_array( $t ) || ! in_array( $t[0], array( T_WHITESPACE, T_COMMENT, T_DOC_COMMENT ), true );
			}
		)
	);
	foreach ( $linker_tokens as $i => $t ) {
		if ( ! is_array( $t ) || T_STRING !== $t[0] || ! isset( $linker_calls[ $t[1] ] ) || '(' !== ( $linker_tokens[ $i + 1 ] ?? '' ) ) {
			continue;
		}
		$prev = $linker_tokens[ $i - 1 ] ?? '';
		if ( is_array( $prev ) && in_array( $prev[0], array( T_FUNCTION, T_OBJECT_OPERATOR, T_DOUBLE_COLON ), true ) ) {
			continue;
		}
		// The call's top-level arguments.
		$args  = array( array() );
		$depth = 0;
		for ( $j = $i + 2; $j < count( $linker_tokens ); $j++ ) {
			$x = $linker_tokens[ $j ];
			if ( in_array( $x, array( '(', '[' ), true ) ) {
				++$depth;
			} elseif ( in_array( $x, array( ')', ']' ), true ) ) {
				if ( 0 === $depth-- ) {
					break;
				}
			} elseif ( ',' === $x && 0 === $depth ) {
				$args[] = array();
				continue;
			}
			$args[ count( $args ) - 1 ][] = $x;
		}
		++$linker_seen;
		$where  = $linker_file->getPathname() . ':' . $t[2] . ' ' . $t[1] . '()';
		$domain = $args[ $linker_calls[ $t[1] ] ] ?? array();
		if ( 1 !== count( $domain ) || ! is_array( $domain[0] ) || "'linker'" !== $domain[0][1] ) {
			$linker_bad[] = $where . ': text domain is not \'linker\'';
		}
		$text = $args[0];
		if ( 1 !== count( $text ) || ! is_array( $text[0] ) || T_CONSTANT_ENCAPSED_STRING !== $text[0][0] ) {
			$linker_bad[] = $where . ': the text is not a literal string';
		}
	}
}
if ( $linker_bad ) {
	fwrite( STDERR, "linker: translation calls to fix:\n  " . implode( "\n  ", $linker_bad ) . "\n" );
	exit( 1 );
}
echo "linker: $linker_seen translation calls, all in the 'linker' text domain\n";
