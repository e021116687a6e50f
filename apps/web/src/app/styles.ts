// The styles every page needs, and only those: Mantine's base and the components the shell and
// the sign-in pages use. The signed-in areas load Mantine's full stylesheet with their code
// (area-frame.tsx), so the sign-in page stays light.
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/VisuallyHidden.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/Divider.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/PasswordInput.css";
import "@mantine/core/styles/ActionIcon.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/SegmentedControl.css";
import "@mantine/core/styles/Container.css";
import "./fonts";
import "./app.css";
