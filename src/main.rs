fn main() {
    #[cfg(target_arch = "wasm32")]
    field_desk::mount();
}
