<?php
/**
 * The editors: the block editor's Linker sidebar, and a Linker meta box on the Classic editor's screen, each with the
 * <linker-suggestions> element (its script shipped in the plug-in's widget/ folder, its requests sent to this site's
 * REST routes: Linker_Proxy), the post's own "leave out" switch, and the handler that
 * writes an inbound suggestion's link into the other post (linker-inbound.js, through Linker_Link_From's REST route).
 *
 * @package Linker
 */

defined( 'ABSPATH' ) || exit;

/** Scripts and boxes of the edit screens. */
final class Linker_Editor {
	const NONCE = 'linker_post_nonce';

	public static function register() {
		add_action( 'enqueue_block_editor_assets', array( __CLASS__, 'block_editor' ) );
		add_action( 'add_meta_boxes', array( __CLASS__, 'meta_box' ), 10, 2 );
		add_action( 'save_post', array( __CLASS__, 'save_classic' ), 10, 2 );
	}

	/**
	 * What the editor's script needs: where the element's requests go (this site's REST routes, which ask the Linker
	 * server from PHP: Linker_Proxy), the REST nonce, where the element's own script is (shipped in the plug-in), and
	 * the post's language on a multilingual site (then only pages of that language are suggested). No key: the read
	 * key stays on the server side.
	 */
	public static function settings( $post = null ) {
		$post     = get_post( $post );
		$settings = array(
			'endpoint' => Linker_Proxy::endpoint(),
			'nonce'    => wp_create_nonce( 'wp_rest' ),
			'widget'   => plugins_url( 'widget/', LINKER_FILE ),
		);
		$language = $post ? Linker_Rules::language( $post->ID ) : null;
		if ( null !== $language ) {
			$settings['language'] = $language;
		}
		return $settings;
	}

	/** The handler of "Add link" on an inbound suggestion (linker-inbound.js), shared by both editors. */
	private static function inbound_script() {
		wp_register_script( 'linker-inbound', plugins_url( 'linker-inbound.js', LINKER_FILE ), array( 'wp-api-fetch', 'wp-i18n' ), LINKER_VERSION, true );
		wp_set_script_translations( 'linker-inbound', 'linker' );
	}

	public static function block_editor() {
		self::inbound_script();
		wp_enqueue_script(
			'linker-sidebar',
			plugins_url( 'linker-sidebar.js', LINKER_FILE ),
			array( 'wp-plugins', 'wp-edit-post', 'wp-element', 'wp-data', 'wp-rich-text', 'wp-blocks', 'wp-block-editor', 'wp-editor', 'wp-components', 'wp-i18n', 'linker-inbound' ),
			LINKER_VERSION,
			true
		);
		$settings             = self::settings();
		$post                 = get_post();
		$settings['leaveOut'] = $post && in_array( $post->post_type, Linker_Pages::post_types(), true );
		wp_add_inline_script( 'linker-sidebar', 'window.linkerSettings = ' . wp_json_encode( $settings ) . ';', 'before' );
		wp_set_script_translations( 'linker-sidebar', 'linker' );
	}

	/** The Classic editor (TinyMCE): a side box with the same element, working on the editor with id "content". */
	public static function meta_box( $post_type, $post ) {
		if ( ! $post instanceof WP_Post || ! in_array( $post_type, Linker_Pages::post_types(), true )
			|| ( function_exists( 'use_block_editor_for_post' ) && use_block_editor_for_post( $post ) ) ) {
			return;
		}
		add_meta_box( 'linker', __( 'Linker', 'linker' ), array( __CLASS__, 'render_box' ), $post_type, 'side', 'high' );
		self::inbound_script();
		wp_enqueue_script( 'linker-classic', plugins_url( 'linker-classic.js', LINKER_FILE ), array( 'linker-inbound' ), LINKER_VERSION, true );
	}

	public static function render_box( WP_Post $post ) {
		$s = self::settings( $post );
		wp_nonce_field( 'linker_post', self::NONCE );
		?>
		<p><label><input type="checkbox" name="linker_exclude" value="1"<?php checked( (bool) get_post_meta( $post->ID, Linker_Rules::META_EXCLUDE, true ) ); ?>> <?php esc_html_e( 'Leave this post out of link suggestions', 'linker' ); ?></label></p>
		<linker-suggestions id="linker-classic-widget" for="content" format="html" limit="5"
			endpoint="<?php echo esc_url( $s['endpoint'] ); ?>"
			data-widget="<?php echo esc_url( $s['widget'] ); ?>"
			data-nonce="<?php echo esc_attr( $s['nonce'] ); ?>"
			<?php if ( isset( $s['language'] ) ) : ?>
				language="<?php echo esc_attr( $s['language'] ); ?>"
			<?php endif; ?>
			<?php if ( 'publish' === $post->post_status ) : ?>
				url="<?php echo esc_url( get_permalink( $post ) ); ?>"
			<?php endif; ?>
			title-for="title"></linker-suggestions>
		<p class="linker-classic-failure" role="alert" hidden></p>
		<?php
	}

	/** The Classic editor's switch, saved with the post (the meta change queues the post, see Linker_Rules). */
	public static function save_classic( $post_id, $post ) {
		if ( ! isset( $_POST[ self::NONCE ] ) || ! wp_verify_nonce( sanitize_key( wp_unslash( $_POST[ self::NONCE ] ) ), 'linker_post' )
			|| wp_is_post_revision( $post_id ) || ! current_user_can( 'edit_post', $post_id ) ) {
			return;
		}
		if ( ! empty( $_POST['linker_exclude'] ) ) {
			update_post_meta( $post_id, Linker_Rules::META_EXCLUDE, '1' );
		} else {
			delete_post_meta( $post_id, Linker_Rules::META_EXCLUDE );
		}
	}
}
